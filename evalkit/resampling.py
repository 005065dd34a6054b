"""Estimating a classifier's error from finite data, and comparing two learners by resampling.

Two halves:

* **Index generators** that say which items train and which test: :func:`resubstitution`,
  :func:`holdout`, :func:`random_subsampling`, :func:`kfold` (optionally stratified),
  :func:`leave_one_out` and :func:`bootstrap`. Each yields ``(train_indices, test_indices)`` pairs
  of integer arrays, so the same learner can be run through any of them with
  :func:`estimate_error`; :func:`bootstrap_632` gives Efron's leave-one-out bootstrap error and
  the .632 and .632+ estimators built from it (Efron 1983; Efron & Tibshirani 1997).
* **Tests that compare two learners** from their per-split scores, ``(scores_a, scores_b, *,
  higher_is_better=True, ...)`` as scikit-learn's ``cross_val_score`` returns them (or
  ``error_differences=``, the differences of error rates of the sources):
  :func:`corrected_resampled_t` (Nadeau & Bengio 2003; the one to use, with the design
  ``n_train=``/``n_test=``, ``test_fraction=`` or ``runs=``/``folds=`` as
  :func:`evalkit.bayesian.correlated_t` takes it), :func:`paired_t_5x2cv` (Dietterich 1998),
  :func:`combined_f_5x2cv` (Alpaydın 1999) and :func:`cv_paired_t` (the k-fold cross-validated
  paired t of Tan, Steinbach & Kumar, eq. 4.16–4.17, which rejects a true null 15–62 % of the
  time in the coverage atlas and warns at every call).

Every random choice takes ``rng`` (SPEC 7): a :class:`numpy.random.Generator` or an integer seed
reproduces the splits; None (the default) draws fresh entropy (for :func:`kfold`: keeps the
items' order, as scikit-learn's ``KFold(shuffle=False)``).

Sources: Günter (2004), *Vergleich von Erkennungsmethoden*, §2.2 (independence of repeated
tests) and §3 (cross-validation, fig. 1); Tan, Steinbach & Kumar, *Introduction to Data Mining*
(Hungarian translation), eq. 4.16–4.17 and table 4.6; Fouladi-Ghaleh, *Classifier Evaluation*
(resubstitution, holdout, leave-one-out); Symeonidis, *Evaluating classification models*
(holdout, random subsampling, cross-validation, stratified sampling, bootstrap).
"""

from __future__ import annotations

import numbers
import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
from scipy import stats

from evalkit._tails import tail_pvalue, two_sided_quantile
from evalkit._validation import as_count, as_generator, as_labels, check_confidence, to_output
from evalkit.results import Interval, ReadableResult, TestResult

__all__ = [
    "Bootstrap632",
    "ErrorEstimate",
    "bootstrap",
    "bootstrap_632",
    "combined_f_5x2cv",
    "corrected_resampled_t",
    "cv_paired_t",
    "estimate_error",
    "holdout",
    "kfold",
    "leave_one_out",
    "no_information_error",
    "paired_t_5x2cv",
    "random_subsampling",
    "resubstitution",
]

Split = tuple[np.ndarray, np.ndarray]

# --------------------------------------------------------------------------------------------
# input checks this module needs beyond evalkit._validation


def _check_fraction(test_fraction: Any, n: int) -> int:
    """The number of test items, round(test_fraction · n), which must leave both sets non-empty."""
    if isinstance(test_fraction, (bool, np.bool_)) or not isinstance(test_fraction, numbers.Real):
        raise TypeError(
            f"test_fraction must be a number strictly between 0 and 1; got {test_fraction!r}"
        )
    fraction = float(test_fraction)
    if not 0.0 < fraction < 1.0:  # False for NaN too
        raise ValueError(
            f"test_fraction must be strictly between 0 and 1 (e.g. 1/3); got {test_fraction!r}"
        )
    n_test = round(fraction * n)
    if not 1 <= n_test <= n - 1:
        raise ValueError(
            f"test_fraction={test_fraction!r} of n={n} items leaves {n_test} test and "
            f"{n - n_test} training items; both sets must be non-empty"
        )
    return n_test


def _as_differences(differences: Any, name: str = "differences") -> np.ndarray:
    """A float array of per-split values (scores or differences), finite, with an axis."""
    if isinstance(differences, (str, bytes)):
        raise TypeError(f"{name} must be an array of numbers; got {differences!r}")
    try:
        arr = np.asarray(differences, dtype=float)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"{name} must be an array of numbers; got {differences!r}") from exc
    if np.asarray(differences).dtype == bool:
        raise TypeError(f"{name} must be numbers, not booleans; got {differences!r}")
    if arr.ndim == 0:
        raise ValueError(f"{name} must be an array (one value per split); got {differences!r}")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be finite; got {differences!r}")
    return arr


def _ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """numerator / denominator, with 0/0 → 0 and x/0 → ±inf (no warnings)."""
    numerator, denominator = np.broadcast_arrays(
        np.asarray(numerator, float), np.asarray(denominator, float)
    )
    out = np.zeros(numerator.shape)
    positive = denominator > 0
    np.divide(numerator, denominator, out=out, where=positive)
    out = np.where(~positive & (numerator != 0), np.copysign(np.inf, numerator), out)
    return out


# --------------------------------------------------------------------------------------------
# index generators


def resubstitution(n: int) -> Iterator[Split]:
    """The resubstitution "split": train and test on the same ``n`` items.

    Fouladi-Ghaleh, *Classifier Evaluation*, "Resubstitution method": it underestimates the error,
    because the classifier has seen every test item.

    Parameters
    ----------
    n : int
        Number of items (≥ 1).

    Yields
    ------
    train_indices, test_indices : ndarray
        Both ``arange(n)``.

    Examples
    --------
    >>> [(tr.tolist(), te.tolist()) for tr, te in resubstitution(3)]
    [([0, 1, 2], [0, 1, 2])]
    """
    n = as_count(n, "n", minimum=1)

    def gen() -> Iterator[Split]:
        everything = np.arange(n)
        yield everything, everything.copy()

    return gen()


def holdout(n: int, test_fraction: float, rng: Any = None) -> Iterator[Split]:
    """One random split into a training and a test set (the holdout method).

    Symeonidis, *Evaluating classification models*, "estimation methods": keep 2/3 of the data for
    training and 1/3 for testing (``test_fraction=1/3``); Fouladi-Ghaleh: N = N1 + N2.

    Parameters
    ----------
    n : int
        Number of items (≥ 2).
    test_fraction : float
        Share of the items that test, strictly between 0 and 1; the test set has
        ``round(test_fraction * n)`` items, and both sets must be non-empty.
    rng : numpy.random.Generator, int or None
        Source of randomness (a seed is turned into ``np.random.default_rng(seed)``; None draws
        fresh entropy).

    Yields
    ------
    train_indices, test_indices : ndarray of int
        Disjoint, sorted, together ``0 … n−1``. Exactly one pair.

    Examples
    --------
    >>> [(len(tr), len(te)) for tr, te in holdout(150, 1/3, rng=5)]
    [(100, 50)]
    """
    n = as_count(n, "n", minimum=2)
    n_test = _check_fraction(test_fraction, n)
    gen_rng = as_generator(rng, allow_none=True)

    def gen() -> Iterator[Split]:
        order = gen_rng.permutation(n)
        yield np.sort(order[n_test:]), np.sort(order[:n_test])

    return gen()


def random_subsampling(
    n: int, test_fraction: float, repeats: int, rng: Any = None
) -> Iterator[Split]:
    """Repeated holdout: ``repeats`` independent random splits (random subsampling).

    Symeonidis, *Evaluating classification models*, "random subsampling — repeated holdout". The
    test sets of different repeats overlap, so their error rates are not independent.

    Parameters
    ----------
    n : int
        Number of items (≥ 2).
    test_fraction : float
        Share of the items that test in each repeat, strictly between 0 and 1.
    repeats : int
        Number of splits (≥ 1).
    rng : numpy.random.Generator, int or None
        Source of randomness; None (the default) draws fresh entropy.

    Yields
    ------
    train_indices, test_indices : ndarray of int
        ``repeats`` pairs, each a partition of ``0 … n−1``.

    Examples
    --------
    >>> splits = list(random_subsampling(30, 1/3, repeats=4, rng=0))
    >>> len(splits), [len(te) for _, te in splits]
    (4, [10, 10, 10, 10])
    """
    n = as_count(n, "n", minimum=2)
    n_test = _check_fraction(test_fraction, n)
    repeats = as_count(repeats, "repeats", minimum=1)
    gen_rng = as_generator(rng, allow_none=True)

    def gen() -> Iterator[Split]:
        for _ in range(repeats):
            order = gen_rng.permutation(n)
            yield np.sort(order[n_test:]), np.sort(order[:n_test])

    return gen()


def kfold(n: int, k: int, rng: Any = None, stratify: Any = None) -> Iterator[Split]:
    """k-fold cross-validation: every item tests exactly once, in one of ``k`` folds.

    Günter (2004), §3 and fig. 1: the data are cut into k parts; each part tests once while the
    other k − 1 train. Symeonidis: "split the data set into k non-overlapping parts".

    The fold sizes differ by at most one (the first ``n % k`` folds get the extra item, as in
    scikit-learn's ``KFold``). With ``rng=None`` the items are not shuffled, so fold j holds a
    contiguous block, as in Günter's fig. 1 and scikit-learn's ``KFold(shuffle=False)``.

    With ``stratify`` (one class label per item) the folds keep the class proportions: each
    class's items (shuffled) are dealt to the folds in turn, so every fold holds, for every class,
    ⌊n_c / k⌋ or ⌈n_c / k⌉ of that class's n_c items.

    Parameters
    ----------
    n : int
        Number of items (≥ 2).
    k : int
        Number of folds, 2 ≤ k ≤ n (k = n is leave-one-out).
    rng : numpy.random.Generator, int or None
        Source of randomness for the shuffle; None (the default) keeps the original order, as
        scikit-learn's ``KFold(shuffle=False)`` (the one place where None does not mean fresh
        entropy: unshuffled folds need none).
    stratify : array-like of length n, optional
        Class labels to stratify by.

    Yields
    ------
    train_indices, test_indices : ndarray of int
        ``k`` pairs, sorted; the test sets partition ``0 … n−1``.

    Examples
    --------
    >>> [te.tolist() for _, te in kfold(7, 3, rng=None)]
    [[0, 1, 2], [3, 4], [5, 6]]
    >>> y = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> [[y[i] for i in te] for _, te in kfold(8, 2, rng=1, stratify=y)]
    [[0, 0, 1, 1], [0, 0, 1, 1]]
    """
    n = as_count(n, "n", minimum=2)
    k = as_count(k, "k", minimum=2)
    if k > n:
        raise ValueError(f"k must not exceed n (each fold needs an item); got k={k} with n={n}")
    gen_rng = None if rng is None else as_generator(rng, allow_none=True)
    if stratify is None:
        order = np.arange(n) if gen_rng is None else gen_rng.permutation(n)
        sizes = np.full(k, n // k)
        sizes[: n % k] += 1
        fold_of = np.empty(n, dtype=np.int64)
        fold_of[order] = np.repeat(np.arange(k), sizes)
    else:
        labels = np.asarray(stratify)
        if labels.ndim != 1 or labels.shape[0] != n:
            raise ValueError(
                f"stratify must hold one label per item (length n={n}); got shape {labels.shape}"
            )
        _, codes = np.unique(labels, return_inverse=True)
        # items grouped by class (shuffled within each class), then dealt round-robin to folds
        within = np.arange(n) if gen_rng is None else gen_rng.permutation(n)
        dealt = within[np.argsort(codes[within], kind="stable")]
        fold_of = np.empty(n, dtype=np.int64)
        fold_of[dealt] = np.arange(n) % k
    fold_of = fold_of.copy()

    def gen() -> Iterator[Split]:
        for j in range(k):
            test = fold_of == j
            yield np.flatnonzero(~test), np.flatnonzero(test)

    return gen()


def leave_one_out(n: int) -> Iterator[Split]:
    """Leave-one-out: ``n`` splits, each testing one item on a classifier trained on the rest.

    Fouladi-Ghaleh, *Classifier Evaluation*, "Leave-one-out method": uses all data for training
    and testing and keeps each test item out of its own training set, at the cost of n fits.
    The same as :func:`kfold` with ``k = n``.

    Parameters
    ----------
    n : int
        Number of items (≥ 2).

    Yields
    ------
    train_indices, test_indices : ndarray of int
        ``n`` pairs; ``test_indices`` is ``[i]`` in pair i.

    Examples
    --------
    >>> [(tr.tolist(), te.tolist()) for tr, te in leave_one_out(3)]
    [([1, 2], [0]), ([0, 2], [1]), ([0, 1], [2])]
    """
    n = as_count(n, "n", minimum=2)

    def gen() -> Iterator[Split]:
        everything = np.arange(n)
        for i in range(n):
            yield np.delete(everything, i), np.array([i])

    return gen()


def bootstrap(n: int, rounds: int, rng: Any = None) -> Iterator[Split]:
    """Bootstrap rounds: train on n items drawn with replacement, test on those never drawn.

    Symeonidis, *Evaluating classification models*, "bootstrap — sampling with replacement". An
    item is left out of a bootstrap sample with probability (1 − 1/n)^n ≈ e^−1 ≈ 0.368, so the
    out-of-bag test set holds about 36.8 % of the items and the training sample about 63.2 %
    distinct items. A round whose out-of-bag set would be empty (possible only for very small n)
    is drawn again.

    Parameters
    ----------
    n : int
        Number of items (≥ 2).
    rounds : int
        Number of bootstrap samples (≥ 1).
    rng : numpy.random.Generator, int or None
        Source of randomness; None (the default) draws fresh entropy.

    Yields
    ------
    train_indices : ndarray of int
        n indices drawn with replacement (repeats included, in the order drawn).
    test_indices : ndarray of int
        The sorted out-of-bag items, never empty.

    Examples
    --------
    >>> (train, test), = bootstrap(10, 1, rng=3)
    >>> len(train), set(train.tolist()).isdisjoint(test.tolist())
    (10, True)
    """
    n = as_count(n, "n", minimum=2)
    rounds = as_count(rounds, "rounds", minimum=1)
    return _bootstrap_core(n, rounds, as_generator(rng, allow_none=True))


def _bootstrap_core(n: int, rounds: int, gen_rng: np.random.Generator) -> Iterator[Split]:
    """:func:`bootstrap` on checked arguments."""
    for _ in range(rounds):
        while True:
            train = gen_rng.integers(0, n, size=n)
            out_of_bag = np.ones(n, dtype=bool)
            out_of_bag[train] = False
            if out_of_bag.any():
                break
        yield train, np.flatnonzero(out_of_bag)


# --------------------------------------------------------------------------------------------
# running a learner through the splits


@dataclass(frozen=True)
class ErrorEstimate(ReadableResult):
    """Error rates of one learner over a set of splits (see :func:`estimate_error`).

    Attributes
    ----------
    error : float
        Pooled error: all misclassified test items over all test items (Günter, §3: the results
        of all folds are merged into one result set). For equal test sizes this is the mean of
        ``split_errors``.
    split_errors : ndarray
        The error rate on each split's test set.
    errors : ndarray
        The number of misclassified test items per split.
    test_sizes : ndarray
        The number of test items per split.
    fits : int
        How many times the learner was trained (the cost).
    """

    error: float
    split_errors: np.ndarray
    errors: np.ndarray
    test_sizes: np.ndarray
    fits: int

    @property
    def spread(self) -> float:
        """Standard deviation (ddof=1) of the per-split error rates (0 for a single split)."""
        if self.split_errors.size < 2:
            return 0.0
        return float(np.std(self.split_errors, ddof=1))

    def __str__(self) -> str:
        return f"error {self.error:.4g} over {self.fits} fit(s), {int(self.test_sizes.sum())} tests"


FitPredict = Callable[[Any, Any, Any], Any]


def _as_items_and_labels(X: Any, y: Any) -> np.ndarray:
    """Check that X has one row per label of the 1-D ``y``; return y as an array."""
    y_arr = np.asarray(y)
    if y_arr.ndim != 1:
        raise ValueError(f"y must be one label per item (1-D); got shape {y_arr.shape}")
    try:
        n_items = len(X)
    except TypeError as exc:
        raise TypeError(
            f"X must be an array-like of items, one row per item (e.g. shape (n, features)); "
            f"got {X!r:.80}"
        ) from exc
    if n_items != y_arr.shape[0]:
        raise ValueError(
            f"X and y must have the same number of items; got {n_items} and {y_arr.shape[0]}"
        )
    return y_arr


def _take(data: Any, indices: np.ndarray) -> Any:
    """Rows ``indices`` of an array-like (numpy array, list, pandas object)."""
    if hasattr(data, "iloc"):
        return data.iloc[indices]
    return np.asarray(data)[indices]


def _check_fit_predict(fit_predict: Any) -> None:
    if not callable(fit_predict):
        raise TypeError(
            f"fit_predict must be callable(X_train, y_train, X_test); got {fit_predict!r}"
        )


def _run_split(
    fit_predict: FitPredict, X: Any, y: np.ndarray, split: Any, number: int
) -> tuple[np.ndarray, np.ndarray]:
    """Train on one split's training items; return its test indices and their predictions."""
    n = y.shape[0]
    try:
        train, test = (np.asarray(part) for part in split)
    except (TypeError, ValueError) as exc:
        raise ValueError(
            f"splits must yield (train_indices, test_indices) pairs; got {split!r}"
        ) from exc
    if test.size == 0 or train.size == 0:
        raise ValueError(f"splits: split {number} has an empty training or test set")
    for part, indices in (("training", train), ("test", test)):
        if not np.issubdtype(indices.dtype, np.integer) or indices.ndim != 1:
            raise ValueError(
                f"splits: split {number} must give its {part} items as a 1-D array of "
                f"integer indices; got {indices!r:.80}"
            )
        outside = (indices < 0) | (indices >= n)
        if outside.any():
            raise ValueError(
                f"splits: split {number} has {part} index {indices[outside][0]} out of "
                f"range; indices must lie in 0 … {n - 1} (n = {n} items)"
            )
    return test, _predict_split(fit_predict, X, y, train, test, number)


def _predict_split(
    fit_predict: FitPredict,
    X: Any,
    y: np.ndarray,
    train: np.ndarray,
    test: np.ndarray,
    number: int,
) -> np.ndarray:
    """Train on ``train``, predict ``test``: one prediction per test item (the shape checked)."""
    predicted = np.asarray(fit_predict(_take(X, train), y[train], _take(X, test)))
    if predicted.shape != (test.size,):
        raise ValueError(
            f"fit_predict must return one label per test item; got shape {predicted.shape} "
            f"for {test.size} test items in split {number}"
        )
    return predicted


def estimate_error(
    fit_predict: FitPredict, X: Any, y: Any, splits: Iterable[Split]
) -> ErrorEstimate:
    """Run a learner through a set of splits and count its test errors.

    Parameters
    ----------
    fit_predict : callable
        ``fit_predict(X_train, y_train, X_test)`` trains a fresh classifier and returns its
        predicted labels for ``X_test``.
    X : array-like, shape (n, …)
        The items (rows).
    y : array-like, shape (n,)
        Their true labels.
    splits : iterable of (train_indices, test_indices)
        E.g. ``kfold(len(y), 10, rng)``; the test sets must not be empty.

    Returns
    -------
    ErrorEstimate
        Pooled error, per-split error rates and counts, and the number of fits.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.arange(10.0).reshape(-1, 1); y = (X[:, 0] >= 5).astype(int)
    >>> def majority(X_train, y_train, X_test):
    ...     return np.full(len(X_test), np.bincount(y_train).argmax())
    >>> est = estimate_error(majority, X, y, kfold(10, 5, rng=None))
    >>> est.error, est.split_errors.tolist(), est.fits
    (0.9, [1.0, 1.0, 0.5, 1.0, 1.0], 5)
    """
    _check_fit_predict(fit_predict)
    y_arr = _as_items_and_labels(X, y)
    errors, sizes = [], []
    for number, split in enumerate(splits):
        test, predicted = _run_split(fit_predict, X, y_arr, split, number)
        errors.append(int(np.sum(predicted != y_arr[test])))
        sizes.append(test.size)
    if not sizes:
        raise ValueError("splits must yield at least one (train_indices, test_indices) pair")
    errors_arr = np.array(errors)
    sizes_arr = np.array(sizes)
    return ErrorEstimate(
        error=float(errors_arr.sum() / sizes_arr.sum()),
        split_errors=errors_arr / sizes_arr,
        errors=errors_arr,
        test_sizes=sizes_arr,
        fits=len(sizes),
    )


@dataclass(frozen=True)
class Bootstrap632(ReadableResult):
    """Efron's bootstrap error estimates and their ingredients (see :func:`bootstrap_632`).

    Attributes
    ----------
    error : float
        The .632 estimate, 0.368 · resubstitution_error + 0.632 · loo_bootstrap_error.
    error_632plus : float
        The .632+ estimate (Efron & Tibshirani 1997), which gives the leave-one-out bootstrap
        error more weight the more the learner overfits.
    loo_bootstrap_error : float
        Efron's leave-one-out bootstrap error Err^(1): each item's error averaged over the
        rounds in which it was out of the bag, then averaged over the items that were out at
        least once (pessimistic: each round trains on ≈ 63 % distinct items).
    resubstitution_error : float
        err: the error on its own training data of a classifier trained on all items
        (optimistic).
    no_information_error : float
        γ̂: the error of that classifier if its predictions were unrelated to the labels (see
        :func:`no_information_error`).
    relative_overfitting : float
        R̂' in [0, 1]: how far Err^(1) has moved from err toward γ̂.
    weight : float
        ŵ = 0.632 / (1 − 0.368 R̂'), in [0.632, 1].
    round_errors : ndarray
        Out-of-bag error rate of each round (for the spread over rounds; their mean weights
        rounds equally and is *not* Err^(1), which weights items equally).
    items_scored : int
        Items that were out of the bag in at least one round (those Err^(1) averages over).
    fits : int
        rounds + 1.
    mc_standard_error, mc_standard_error_632plus : float
        Monte-Carlo standard errors of ``error`` and ``error_632plus``: how much they would
        move with another ``rng`` (the delete-one-round jackknife over the B rounds; 0 when
        B = 1 cannot tell). They shrink as 1/√B.
    """

    error: float
    error_632plus: float
    loo_bootstrap_error: float
    resubstitution_error: float
    no_information_error: float
    relative_overfitting: float
    weight: float
    round_errors: np.ndarray = field(repr=False)
    items_scored: int
    fits: int
    mc_standard_error: float | None = None
    mc_standard_error_632plus: float | None = None

    _repr_fields: ClassVar[tuple[str, ...]] = (
        "error",
        "mc_standard_error",
        "error_632plus",
        "mc_standard_error_632plus",
        "loo_bootstrap_error",
        "resubstitution_error",
        "no_information_error",
        "fits",
    )

    def __str__(self) -> str:
        return (
            f".632 bootstrap error {self.error:.4g}, .632+ {self.error_632plus:.4g} "
            f"(leave-one-out bootstrap {self.loo_bootstrap_error:.4g}, resubstitution "
            f"{self.resubstitution_error:.4g}, no-information {self.no_information_error:.4g}, "
            f"{self.fits} fits)"
        )


def no_information_error(y_true: Any, y_pred: Any) -> float:
    """The no-information error rate γ̂ of a classifier (Efron & Tibshirani 1997, eq. 27).

    The error the classifier would make if its inputs told it nothing about the labels: every
    prediction paired with every label,

    .. math:: \\hat\\gamma = \\frac{1}{n^2} \\sum_{i=1}^{n} \\sum_{i'=1}^{n}
              [y_i \\ne \\hat y_{i'}] = \\sum_\\ell \\hat p_\\ell (1 - \\hat q_\\ell),

    with p̂_ℓ the share of items of class ℓ and q̂_ℓ the share of predictions ℓ (Hastie,
    Tibshirani & Friedman 2009, eq. 7.58–7.59). A classifier that always predicts one class c
    has γ̂ = 1 − p̂_c, its own error rate: it cannot overfit.

    Parameters
    ----------
    y_true, y_pred : array_like, shape (n,)
        True labels y_i and the predictions ŷ_i of a classifier trained on all n items.

    Returns
    -------
    float

    Examples
    --------
    >>> no_information_error([0, 0, 1, 1], [0, 0, 1, 1])   # p̂ = q̂ = (1/2, 1/2)
    0.5
    >>> no_information_error([0, 0, 0, 1], [0, 0, 0, 0])   # always class 0: 1 − 3/4
    0.25
    """
    y = as_labels(y_true, "y_true")
    pred = as_labels(y_pred, "y_pred")
    if pred.shape != y.shape:
        raise ValueError(
            f"y_true and y_pred must have the same length; got {y.size} and {pred.size}"
        )
    return _no_information_core(y, pred)


def _no_information_core(y: np.ndarray, pred: np.ndarray) -> float:
    """:func:`no_information_error` on checked, equally long 1-D label arrays."""
    classes, y_codes = np.unique(np.concatenate([y, pred]), return_inverse=True)
    p_share = np.bincount(y_codes[: y.size], minlength=classes.size) / y.size
    q_share = np.bincount(y_codes[y.size :], minlength=classes.size) / y.size
    return float(1.0 - np.sum(p_share * q_share))


def _632plus(
    resubstitution_error: float, loo_bootstrap_error: float, no_information: float
) -> tuple[float, float, float]:
    """(.632+ estimate, R̂', ŵ) from err, Err^(1) and γ̂ (Efron & Tibshirani 1997, §3)."""
    err, err1, gamma = resubstitution_error, loo_bootstrap_error, no_information
    err1_clipped = min(err1, gamma)
    if err1 > err and gamma > err:
        rate = (err1_clipped - err) / (gamma - err)
    else:
        rate = 0.0
    err_632 = 0.368 * err + 0.632 * err1
    estimate = err_632 + (err1_clipped - err) * (0.368 * 0.632 * rate) / (1.0 - 0.368 * rate)
    return float(estimate), float(rate), float(0.632 / (1.0 - 0.368 * rate))


def bootstrap_632(
    fit_predict: FitPredict, X: Any, y: Any, rounds: int, rng: Any = None
) -> Bootstrap632:
    """Efron's .632 and .632+ bootstrap estimates of the error rate.

    Each of the B bootstrap rounds trains on n items drawn with replacement and predicts the
    items left out of that sample (the out-of-bag items; :func:`bootstrap`). Efron's
    **leave-one-out bootstrap error** averages, for each item i, its errors over the rounds
    C⁻ⁱ in which it was out of the bag, and then averages over the items (Efron 1983; Efron &
    Tibshirani 1997, §2; Hastie, Tibshirani & Friedman 2009, eq. 7.56):

    .. math:: \\widehat{\\mathrm{Err}}^{(1)} = \\frac{1}{n} \\sum_{i=1}^{n}
              \\frac{1}{|C^{-i}|} \\sum_{b \\in C^{-i}} [y_i \\ne \\hat f^{*b}(x_i)]

    (items never out of the bag — rare for B ≥ 20 — are left out of the average). It is
    pessimistic, because each round trains on only ≈ 63.2 % distinct items; the resubstitution
    error err of a classifier trained on all items is optimistic. The **.632 estimator**
    mixes them (Efron 1983; ESL eq. 7.57; the accuracy form is Tan, Steinbach & Kumar's):

    .. math:: \\widehat{\\mathrm{Err}}^{(.632)} = 0.368\\,\\overline{\\mathrm{err}}
              + 0.632\\,\\widehat{\\mathrm{Err}}^{(1)}.

    For a learner that memorises its training items (err ≈ 0) this is too low. The **.632+
    estimator** (Efron & Tibshirani 1997, eq. 27–29) shifts the weight toward Err^(1) by the
    relative overfitting rate R̂ = (Err^(1) − err)/(γ̂ − err), where γ̂ is the no-information
    error rate (:func:`no_information_error`): ŵ = 0.632/(1 − 0.368 R̂) and
    Err^(.632+) = (1 − ŵ) err + ŵ Err^(1). Following the paper's safeguards (§3), Err^(1) is
    clipped at γ̂, Err^(1)' = min(Err^(1), γ̂), R̂' = 0 unless Err^(1) > err and γ̂ > err, and

    .. math:: \\widehat{\\mathrm{Err}}^{(.632+)} = \\widehat{\\mathrm{Err}}^{(.632)}
              + (\\widehat{\\mathrm{Err}}^{(1)\\prime} - \\overline{\\mathrm{err}})
              \\frac{0.368 \\cdot 0.632\\,\\hat R'}{1 - 0.368\\,\\hat R'}.

    Here R̂' is computed from the clipped Err^(1)', so that it lies in [0, 1] ("from 0 if there
    is no overfitting to 1 if the overfitting equals the no-information value", ESL §7.11)
    and ŵ in [0.632, 1]; implementations that put the unclipped Err^(1) into R̂' (R's
    ``ipred``) differ only when Err^(1) > γ̂. When err ≤ Err^(1) ≤ γ̂ the .632+ estimate lies
    between the .632 estimate and Err^(1); when the learner does not overfit (R̂' = 0, e.g. a
    classifier that always predicts one class, whose γ̂ equals its err) it equals the .632
    estimate.

    Parameters
    ----------
    fit_predict : callable
        ``fit_predict(X_train, y_train, X_test)`` → predicted labels.
    X, y : array-like
        Items and labels (n ≥ 2).
    rounds : int
        Number of bootstrap rounds B (≥ 1; Efron & Tibshirani use 50).
    rng : numpy.random.Generator, int or None
        Source of randomness; None (the default) draws fresh entropy.

    Returns
    -------
    Bootstrap632

    Examples
    --------
    >>> import numpy as np
    >>> X = np.arange(20.0).reshape(-1, 1); y = (X[:, 0] >= 10).astype(int)
    >>> y[[3, 14]] = 1 - y[[3, 14]]                  # two noisy labels
    >>> def memorize(X_train, y_train, X_test):  # 1-nearest neighbour
    ...     nearest = np.abs(X_test - X_train.T).argmin(axis=1)
    ...     return y_train[nearest]
    >>> est = bootstrap_632(memorize, X, y, rounds=50, rng=0)
    >>> est.resubstitution_error, round(est.error / est.loo_bootstrap_error, 3)
    (0.0, 0.632)
    >>> est.no_information_error, round(est.relative_overfitting, 3)   # γ̂ = 1/2
    (0.5, 0.522)
    >>> round(est.error, 3), round(est.error_632plus, 3), round(est.loo_bootstrap_error, 3)
    (0.165, 0.204, 0.261)
    """
    _check_fit_predict(fit_predict)
    y_arr = _as_items_and_labels(X, y)
    n = y_arr.shape[0]
    if n < 2:
        raise ValueError(f"y must hold at least 2 items to bootstrap; got {n}")
    rounds = as_count(rounds, "rounds", minimum=1)
    gen_rng = as_generator(rng, allow_none=True)
    everything = np.arange(n)
    fitted = _predict_split(fit_predict, X, y_arr, everything, everything, 0)
    wrong_sum = np.zeros(n)
    out_count = np.zeros(n, dtype=int)
    rounds_seen: list[tuple[np.ndarray, np.ndarray]] = []
    for number, (train, test) in enumerate(_bootstrap_core(n, rounds, gen_rng)):
        predicted = _predict_split(fit_predict, X, y_arr, train, test, number)
        wrong = predicted != y_arr[test]
        np.add.at(wrong_sum, test, wrong)
        np.add.at(out_count, test, 1)
        rounds_seen.append((test, wrong))
    loo = _loo_bootstrap_error(wrong_sum, out_count)
    resub = float(np.mean(fitted != y_arr))
    gamma = _no_information_core(y_arr, np.asarray(fitted))
    plus, rate, weight = _632plus(resub, loo, gamma)
    se_632, se_plus = _round_jackknife_errors(wrong_sum, out_count, rounds_seen, resub, gamma)
    return Bootstrap632(
        error=0.368 * resub + 0.632 * loo,
        error_632plus=plus,
        loo_bootstrap_error=loo,
        resubstitution_error=resub,
        no_information_error=gamma,
        relative_overfitting=rate,
        weight=weight,
        round_errors=np.array([float(np.mean(wrong)) for _, wrong in rounds_seen]),
        items_scored=int(np.count_nonzero(out_count)),
        fits=len(rounds_seen) + 1,
        mc_standard_error=se_632,
        mc_standard_error_632plus=se_plus,
    )


def _loo_bootstrap_error(wrong_sum: np.ndarray, out_count: np.ndarray) -> float:
    """Err^(1): each item's out-of-bag error rate, averaged over the items scored at least once."""
    scored = out_count > 0
    return float(np.mean(wrong_sum[scored] / out_count[scored]))


def _round_jackknife_errors(
    wrong_sum: np.ndarray,
    out_count: np.ndarray,
    rounds_seen: list[tuple[np.ndarray, np.ndarray]],
    resub: float,
    gamma: float,
) -> tuple[float, float]:
    """Monte-Carlo SEs of the .632 and .632+ estimates: the jackknife over the B rounds.

    Leaving out round b gives the estimates θ_(b) that B − 1 rounds would have given; the
    jackknife standard error √((B − 1)/B · Σ_b (θ_(b) − θ̄)²) (Efron & Tibshirani 1993, eq.
    11.5) measures the variation that comes from the random rounds, the data held fixed.
    """
    b = len(rounds_seen)
    if b < 2:
        return 0.0, 0.0
    left_out = np.empty((b, 2))
    for i, (test, wrong) in enumerate(rounds_seen):
        sums, counts = wrong_sum.copy(), out_count.copy()
        sums[test] -= wrong
        counts[test] -= 1
        loo = _loo_bootstrap_error(sums, counts)
        left_out[i] = 0.368 * resub + 0.632 * loo, _632plus(resub, loo, gamma)[0]
    spread = np.sum((left_out - left_out.mean(axis=0)) ** 2, axis=0)
    se_632, se_plus = np.sqrt((b - 1) / b * spread)
    return float(se_632), float(se_plus)


# --------------------------------------------------------------------------------------------
# comparing two learners


class _Deprecated:
    """Default of a deprecated keyword: shows as ``<deprecated>`` in the signature."""

    def __repr__(self) -> str:
        return "<deprecated>"


_DEPRECATED: Any = _Deprecated()

#: The measured size of :func:`cv_paired_t` at level 0.05 (the coverage atlas, rows of
#: ``resampling.cv_paired_t``: Nadeau & Bengio's model of overlapping splits, 10 differences with
#: ρ = 0.1 and 30 with ρ = 1/3; ``tests/test_resampling.py`` checks them against the table).
CV_PAIRED_T_SIZE = (0.152, 0.616)


def _is_number(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))


def _check_higher_is_better(value: Any) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(
            "higher_is_better must be True (accuracies, F1, AUC: what cross_val_score returns) "
            f"or False (error rates, losses); got {value!r}"
        )
    return bool(value)


def _legacy_differences(function: str, differences: Any, how: str, stacklevel: int) -> np.ndarray:
    """The old first argument (differences of error rates), with a FutureWarning."""
    warnings.warn(
        f"{function}({how}) is the old form, differences of error rates A − B: pass the two "
        f"learners' per-split scores, {function}(scores_a, scores_b) (accuracies, as "
        "scikit-learn's cross_val_score returns them; higher_is_better=False for error rates), "
        "or the differences as error_differences= (same results)",
        FutureWarning,
        stacklevel=stacklevel + 1,
    )
    return _as_differences(differences, "differences")


def _paired_scores(
    function: str,
    scores_a: Any,
    scores_b: Any,
    higher_is_better: Any,
    error_differences: Any,
    differences: Any,
    stacklevel: int = 3,
) -> tuple[np.ndarray, bool]:
    """Per-split differences A − B in the units given, and whether higher scores are better.

    The one reading of the inputs that every cross-validation test shares: ``scores_a,
    scores_b`` (d = a − b; ``higher_is_better`` says which way is better), ``error_differences=``
    (d = e_A − e_B, lower is better), or the old forms (one positional array, ``differences=``),
    which warn. ``scores_b`` must already be an array here (a scalar is the caller's legacy
    positional argument, handled before). ``stacklevel`` counts from this function to the
    user's call (3: called by the public function).
    """
    given = [
        name
        for name, value in (
            ("scores_a", scores_a),
            ("error_differences", error_differences),
        )
        if value is not None
    ]
    if differences is not _DEPRECATED:
        given.append("differences")
    if scores_b is not None and scores_a is None:
        raise TypeError(f"{function}: scores_b needs scores_a (the two learners' per-split scores)")
    if len(given) > 1:
        raise TypeError(
            f"{function} takes the per-split scores of A and B (scores_a, scores_b) or the "
            f"differences of error rates (error_differences=), not both; got {' and '.join(given)}"
        )
    higher = _check_higher_is_better(higher_is_better)
    if not given:
        raise TypeError(
            f"{function} needs the per-split scores of the two learners: {function}(scores_a, "
            "scores_b), e.g. two arrays from scikit-learn's cross_val_score on the same splits "
            "(or error_differences= for differences of error rates)"
        )
    if scores_a is not None and scores_b is not None:
        a = _as_differences(scores_a, "scores_a")
        b = _as_differences(scores_b, "scores_b")
        if a.shape != b.shape:
            raise ValueError(
                "scores_a and scores_b must have the same shape (one score per split of the same "
                f"splits, for A and for B); got {a.shape} and {b.shape}"
            )
        return a - b, higher
    if not higher:
        raise ValueError(
            "higher_is_better=False applies to scores_a and scores_b; differences of error rates "
            "are lower-is-better already"
        )
    if error_differences is not None:
        return _as_differences(error_differences, "error_differences"), False
    if differences is not _DEPRECATED:
        return _legacy_differences(function, differences, "differences=...", stacklevel), False
    return _legacy_differences(function, scores_a, "one array", stacklevel), False


def _difference_name(higher_is_better: bool, from_errors: bool) -> str:
    """``estimate_name`` of a cross-validation test: what d̄ is and which sign favours A."""
    if from_errors:
        return "mean error-rate difference A − B (< 0: A better)"
    return f"mean score difference A − B ({'>' if higher_is_better else '<'} 0: A better)"


def _t_test_result(
    mean: np.ndarray,
    standard_error: np.ndarray,
    df: int,
    confidence: float,
    *,
    method: str,
    interval_method: str,
    estimate_name: str,
    details: dict[str, Any],
) -> TestResult:
    """t = mean/standard_error with a two-sided p and the t interval mean ± t_(1−α/2, df)·SE."""
    t = _ratio(mean, standard_error)
    quantile = two_sided_quantile(confidence, df)
    interval = Interval(
        low=mean - quantile * standard_error,
        high=mean + quantile * standard_error,
        estimate=mean,
        confidence=confidence,
        method=interval_method,
    )
    return TestResult(
        statistic=t,
        pvalue=tail_pvalue(t, "two-sided", df),
        alternative="two-sided",
        method=method,
        statistic_name="t",
        df=df,
        estimate=mean,
        estimate_name=estimate_name,
        interval=interval,
        details={
            "standard_error": to_output(standard_error),
            "t_quantile": float(quantile),
            **details,
        },
    )


def _warn_cv_paired_t_size(k: int) -> None:
    low, high = CV_PAIRED_T_SIZE
    warnings.warn(
        f"cv_paired_t treats the {k} per-split differences as independent, but the splits share "
        f"training items: at level 0.05 it rejects a true null in {low:.0%} to {high:.0%} of "
        "data sets (its measured size in the coverage atlas, from 10 folds with correlation 0.1 "
        "to 30 random splits with correlation 1/3), not 5 %. Use the corrected test instead: "
        "corrected_resampled_t(scores_a, scores_b, runs=..., folds=...) or test_fraction=... "
        "(Nadeau & Bengio 2003)",
        UserWarning,
        stacklevel=3,
    )


def cv_paired_t(
    scores_a: Any = None,
    scores_b: Any = None,
    *,
    higher_is_better: bool = True,
    error_differences: Any = None,
    confidence: float = 0.95,
    differences: Any = _DEPRECATED,
) -> TestResult:
    """k-fold cross-validated paired t-test and interval (Tan, Steinbach & Kumar, eq. 4.16–4.17).

    **It rejects a true null far too often, and warns at every call**: use
    :func:`corrected_resampled_t` (or the 5×2cv tests) to decide anything.

    With d_j = a_j − b_j the difference of the two learners' scores on split j (j = 1 … k) and
    d̄ their mean,

        σ̂²_cv = Σ_j (d_j − d̄)² / (k (k − 1))                      (eq. 4.16)
        d_cv = d̄ ± t_(1−α/2), k−1 · σ̂_cv                           (eq. 4.17)

    and the test statistic t = d̄ / σ̂_cv with k − 1 degrees of freedom, two-sided p-value.
    Tan's d_j are differences of error rates, e_1j − e_2j (``error_differences=``); with
    accuracies, as scikit-learn's ``cross_val_score`` returns them, d̄ and t change sign and the
    p-value stays the same. Eq. 4.17 prints the coefficient t_(1−α), k−1; for a two-sided
    interval at level 1 − α the quantile is t_(1−α/2), k−1 (the book's 1.70 for k = 30 is the
    one-sided 95 % quantile; the two-sided one is 2.045).

    **Its size.** The test treats the k differences as independent, which they are not: any two
    training sets of k-fold CV share (k − 2)/(k − 1) of their items (Günter 2004, §2.2), and
    random subsampling ("resampled paired t") also overlaps the test sets. In Nadeau & Bengio's
    (2003) model of overlapping splits the coverage atlas measures its size at level 0.05 as
    0.152 ± 0.004 for 10 folds (correlation ρ = 0.1), 0.560 ± 0.005 for the 100 folds of
    10 × 10-fold CV (ρ = 0.1) and 0.616 ± 0.005 for 30 random 2/3–1/3 splits (ρ = 1/3);
    notebook 05 measures 13–14 % for 10-fold CV of a 1-nearest-neighbour rule (Dietterich 1998
    found the same excess). More splits make it worse, not better. So a p-value of 0.05 here is
    no evidence at level 0.05, and every call gives a ``UserWarning`` saying so.
    :func:`corrected_resampled_t` inflates the variance for the overlap (size 0.048–0.054 in the
    same model).

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size): minimum 0.152, median 0.560, maximum 0.616 (at differences=30, rho=0.3333) over 3
    settings. It rejects a true null hypothesis more than 7 % of the time at 3 of the 3 settings.

    Parameters
    ----------
    scores_a, scores_b : array-like, shape (..., k)
        The two learners' scores on the same k splits (k ≥ 2), one per split along the last
        axis, e.g. ``cross_val_score(model_a, X, y, cv=cv)`` and the same for B with the same
        ``cv``. Leading axes are independent problems (vectorized).
    higher_is_better : bool, default True
        True for accuracies, F1, AUC (scikit-learn's scorers), False for error rates and losses;
        it decides which sign of d̄ favours A (``estimate_name`` says it).
    error_differences : array-like, shape (..., k), keyword-only
        Instead of the scores: the differences of error rates e_A − e_B per split (Tan's d_j;
        lower is better).
    confidence : float, keyword-only
        Level of the two-sided interval, e.g. 0.95.
    differences : deprecated
        The old name of ``error_differences`` (FutureWarning); so is a single positional array
        and a positional ``confidence``.

    Returns
    -------
    TestResult
        ``statistic`` t, ``df`` k − 1, two-sided ``pvalue``, ``estimate`` d̄ (A − B, named in
        ``estimate_name`` with the sign that favours A), ``interval`` eq. 4.17, ``details`` with
        ``standard_error`` σ̂_cv and ``t_quantile``. When all differences
        are equal σ̂_cv = 0: t = ±inf (p = 0) if d̄ ≠ 0 and t = 0 (p = 1) if d̄ = 0.

    Warns
    -----
    UserWarning
        At every call: its measured size, and the corrected test to use instead.

    Examples
    --------
    >>> import warnings
    >>> a = [0.95, 0.98, 0.96, 0.94, 0.97]   # accuracies of A on 5 folds
    >>> b = [0.90, 0.96, 0.92, 0.88, 0.94]   # and of B on the same folds
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     r = cv_paired_t(a, b)
    >>> round(r.statistic, 3), r.df, round(r.pvalue, 4)
    (5.657, 4.0, 0.0048)
    >>> round(r.interval.low, 4), round(r.interval.high, 4)
    (0.0204, 0.0596)
    >>> r.estimate_name
    'mean score difference A − B (> 0: A better)'
    >>> print(caught[0].message)  # doctest: +ELLIPSIS
    cv_paired_t treats the 5 per-split differences as independent, ... in 15% to 62% of data sets...
    """
    if _is_number(scores_b) and error_differences is None and differences is _DEPRECATED:
        # the old positional form cv_paired_t(differences, confidence)
        confidence, scores_b = scores_b, None
    d, higher = _paired_scores(
        "cv_paired_t", scores_a, scores_b, higher_is_better, error_differences, differences
    )
    from_errors = scores_b is None
    k = d.shape[-1]
    if k < 2:
        name = "scores_a and scores_b" if not from_errors else _differences_name(error_differences)
        raise ValueError(f"{name} must hold at least 2 folds along the last axis; got {k}")
    confidence = check_confidence(confidence)
    _warn_cv_paired_t_size(k)
    mean = d.mean(axis=-1)
    standard_error = np.sqrt(np.sum((d - mean[..., None]) ** 2, axis=-1) / (k * (k - 1)))
    return _t_test_result(
        mean,
        standard_error,
        k - 1,
        confidence,
        method="k-fold cross-validated paired t-test",
        interval_method="k-fold cross-validated paired t (Tan eq. 4.17)",
        estimate_name=_difference_name(higher, from_errors),
        details={"folds": k},
    )


def _differences_name(error_differences: Any) -> str:
    """How the user passed error differences (for messages): the new or the old keyword."""
    return "error_differences" if error_differences is not None else "differences"


def _five_by_two(
    function: str,
    scores_a: Any,
    scores_b: Any,
    higher_is_better: Any,
    error_differences: Any,
    differences: Any,
) -> tuple[np.ndarray, np.ndarray, bool, bool]:
    """Check the (..., 5, 2) shape; the differences, s_i² per replication, direction, source."""
    d, higher = _paired_scores(
        function, scores_a, scores_b, higher_is_better, error_differences, differences, 4
    )
    from_errors = scores_b is None
    if d.ndim < 2 or d.shape[-2:] != (5, 2):
        name = "scores_a and scores_b" if not from_errors else _differences_name(error_differences)
        raise ValueError(
            f"{name} must have shape (5, 2) (5 replications × 2 folds, optionally with "
            f"leading axes); got shape {d.shape}"
        )
    mean = d.mean(axis=-1, keepdims=True)
    variances = np.sum((d - mean) ** 2, axis=-1)  # s_i² = (p_i1 − p̄_i)² + (p_i2 − p̄_i)²
    return d, variances, higher, from_errors


def paired_t_5x2cv(
    scores_a: Any = None,
    scores_b: Any = None,
    *,
    higher_is_better: bool = True,
    error_differences: Any = None,
    differences: Any = _DEPRECATED,
) -> TestResult:
    """Dietterich's 5×2cv paired t-test.

    Five replications of 2-fold cross-validation; p_i^(j) = a_i^(j) − b_i^(j) is the difference
    of the two learners' scores on fold j of replication i (Dietterich's are differences of
    error rates: ``error_differences=``), p̄_i = (p_i^(1) + p_i^(2)) / 2 and
    s_i² = (p_i^(1) − p̄_i)² + (p_i^(2) − p̄_i)². Then

        t = p_1^(1) / sqrt((1/5) Σ_i s_i²)

    has approximately a t distribution with 5 degrees of freedom under the null hypothesis
    (Dietterich 1998, "Approximate statistical tests for comparing supervised classification
    learning algorithms", Neural Computation 10(7), section 3.5). Only the first difference
    appears in the numerator; the variance uses all ten. Accuracies instead of error rates
    change the sign of t, not the p-value.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size): minimum 0.024, median 0.072, maximum 0.120 (at differences=5x2, rho=0.5) over 2
    settings. It rejects a true null hypothesis more than 7 % of the time at 1 of the 2 settings.

    Parameters
    ----------
    scores_a, scores_b : array-like, shape (..., 5, 2)
        The two learners' scores a_i^(j), b_i^(j) on the same splits: rows are replications,
        columns the two folds (e.g. ``cross_val_score(..., cv=RepeatedKFold(n_splits=2,
        n_repeats=5)).reshape(5, 2)``).
    higher_is_better : bool, default True
        True for accuracies (scikit-learn's scorers), False for error rates.
    error_differences : array-like, shape (..., 5, 2), keyword-only
        Instead of the scores: Dietterich's p_i^(j), differences of error rates A − B.
    differences : deprecated
        The old name of ``error_differences`` (FutureWarning), as is one positional array.

    Returns
    -------
    TestResult
        ``statistic`` t, ``df`` 5, two-sided ``pvalue``, ``estimate`` the mean of all ten
        differences (named with the sign that favours A); ``details``: ``numerator`` p_1^(1),
        and ``variance_sum`` Σ s_i². No interval (the test is not built
        around one).

    Examples
    --------
    >>> e = [[0.02, 0.04], [0.03, 0.01], [0.05, 0.03], [0.00, 0.02], [0.04, 0.04]]
    >>> r = paired_t_5x2cv(error_differences=e)
    >>> round(r.statistic, 4), r.df, round(r.pvalue, 4)
    (1.5811, 5.0, 0.1747)
    >>> accuracy_b = np.full((5, 2), 0.9)      # the same as accuracies: t changes sign
    >>> r = paired_t_5x2cv(accuracy_b - np.array(e), accuracy_b)
    >>> round(r.statistic, 4), round(r.pvalue, 4)
    (-1.5811, 0.1747)
    """
    d, variances, higher, from_errors = _five_by_two(
        "paired_t_5x2cv", scores_a, scores_b, higher_is_better, error_differences, differences
    )
    variance_sum = variances.sum(axis=-1)
    numerator = d[..., 0, 0]
    t = _ratio(numerator, np.sqrt(variance_sum / 5.0))
    return TestResult(
        statistic=t,
        pvalue=tail_pvalue(t, "two-sided", 5),
        alternative="two-sided",
        method="5x2cv paired t-test (Dietterich 1998)",
        statistic_name="t",
        df=5,
        estimate=d.mean(axis=(-2, -1)),
        estimate_name=_difference_name(higher, from_errors),
        details={"numerator": to_output(numerator), "variance_sum": to_output(variance_sum)},
    )


def combined_f_5x2cv(
    scores_a: Any = None,
    scores_b: Any = None,
    *,
    higher_is_better: bool = True,
    error_differences: Any = None,
    differences: Any = _DEPRECATED,
) -> TestResult:
    """Alpaydın's combined 5×2cv F-test.

    With p_i^(j) and s_i² as in :func:`paired_t_5x2cv`,

        f = Σ_i Σ_j (p_i^(j))² / (2 Σ_i s_i²)

    has approximately an F distribution with 10 and 5 degrees of freedom under the null
    hypothesis (Alpaydın 1999, "Combined 5 × 2 cv F test for comparing supervised classification
    learning algorithms", Neural Computation 11(8)). It uses all ten differences in the numerator,
    so it does not depend on which fold happens to come first, and is more robust than the 5×2cv t.
    Large f speaks against equal error rates in either direction (the p-value is the upper F tail),
    so scores and error rates give the same f.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size): minimum 0.016, median 0.084, maximum 0.152 (at differences=5x2, rho=0.5) over 2
    settings. It rejects a true null hypothesis more than 7 % of the time at 1 of the 2 settings.

    Parameters
    ----------
    scores_a, scores_b : array-like, shape (..., 5, 2)
        The two learners' scores on the same 5 × 2 splits: rows are replications, columns the
        two folds.
    higher_is_better : bool, default True
        True for accuracies, False for error rates (only ``estimate_name`` depends on it).
    error_differences : array-like, shape (..., 5, 2), keyword-only
        Instead of the scores: the differences of error rates A − B.
    differences : deprecated
        The old name of ``error_differences`` (FutureWarning), as is one positional array.

    Returns
    -------
    TestResult
        ``statistic`` f, ``pvalue`` P(F(10, 5) ≥ f), ``estimate`` the mean of all ten
        differences; ``details``: ``df_numerator`` 10, ``df_denominator`` 5, ``variance_sum``.

    Examples
    --------
    >>> e = [[0.02, 0.04], [0.03, 0.01], [0.05, 0.03], [0.00, 0.02], [0.04, 0.04]]
    >>> r = combined_f_5x2cv(error_differences=e)
    >>> round(r.statistic, 4), round(r.pvalue, 4)
    (6.25, 0.0282)
    """
    d, variances, higher, from_errors = _five_by_two(
        "combined_f_5x2cv", scores_a, scores_b, higher_is_better, error_differences, differences
    )
    variance_sum = variances.sum(axis=-1)
    f = _ratio(np.sum(d**2, axis=(-2, -1)), 2.0 * variance_sum)
    return TestResult(
        statistic=f,
        pvalue=stats.f.sf(f, 10, 5),
        alternative="two-sided",
        method="combined 5x2cv F-test (Alpaydın 1999)",
        statistic_name="F",
        estimate=d.mean(axis=(-2, -1)),
        estimate_name=_difference_name(higher, from_errors),
        details={"df_numerator": 10, "df_denominator": 5, "variance_sum": to_output(variance_sum)},
    )


def _test_share(
    splits: int, n_train: Any, n_test: Any, test_fraction: Any, runs: Any, folds: Any
) -> tuple[float, dict[str, Any]]:
    """n_2/n_1 and the named design from exactly one of n_train with n_test, test_fraction=, or
    runs= with folds= (the designs :func:`evalkit.bayesian.correlated_t` takes, ρ/(1 − ρ))."""
    given = []
    if n_train is not None or n_test is not None:
        given.append("n_train and n_test")
    if test_fraction is not None:
        given.append("test_fraction")
    if runs is not None or folds is not None:
        given.append("runs and folds")
    if len(given) != 1:
        what = "none of them" if not given else " and ".join(given)
        raise ValueError(
            "say how the splits were made: give n_train= with n_test= (the sizes of each split), "
            "test_fraction= (random splits: n_test/(n_train + n_test)), or runs= with folds= "
            f"(repeated k-fold CV); got {what}"
        )
    if test_fraction is not None:
        if not _is_number(test_fraction):
            raise TypeError(
                f"test_fraction must be a number strictly between 0 and 1; got {test_fraction!r}"
            )
        fraction = float(test_fraction)
        if not 0.0 < fraction < 1.0:
            raise ValueError(
                f"test_fraction must be strictly between 0 and 1 (e.g. 1/3); got {test_fraction!r}"
            )
        return fraction / (1.0 - fraction), {"test_fraction": fraction}
    if runs is not None or folds is not None:
        if runs is None or folds is None:
            missing = "folds" if folds is None else "runs"
            raise ValueError(
                f"runs and folds go together (repeated k-fold CV, runs × folds splits); {missing} "
                "is missing"
            )
        runs = as_count(runs, "runs", minimum=1)
        folds = as_count(folds, "folds", minimum=2)
        if runs * folds != splits:
            raise ValueError(
                f"runs × folds must equal the number of splits ({splits}); got runs={runs}, "
                f"folds={folds}"
            )
        return 1.0 / (folds - 1), {"runs": runs, "folds": folds}
    if n_train is None or n_test is None:
        missing = "n_test" if n_test is None else "n_train"
        raise ValueError(f"n_train and n_test go together; {missing} is missing")
    n_train = as_count(n_train, "n_train", minimum=1)
    n_test = as_count(n_test, "n_test", minimum=1)
    return n_test / n_train, {"n_train": n_train, "n_test": n_test}


def corrected_resampled_t(
    scores_a: Any = None,
    scores_b: Any = None,
    *legacy: Any,
    higher_is_better: bool = True,
    n_train: int | None = None,
    n_test: int | None = None,
    test_fraction: float | None = None,
    runs: int | None = None,
    folds: int | None = None,
    error_differences: Any = None,
    confidence: float = 0.95,
    differences: Any = _DEPRECATED,
) -> TestResult:
    """Nadeau and Bengio's corrected resampled t-test.

    For J splits (random subsampling, or all folds of repeated k-fold CV) with n_1 training and
    n_2 test items each, the per-split differences d_j = a_j − b_j of the two learners' scores
    have mean d̄ and sample variance S² (ddof 1). The plain resampled t uses Var(d̄) ≈ S²/J, which
    ignores that the splits overlap; Nadeau & Bengio (2003, "Inference for the generalization
    error", Machine Learning 52) inflate it to

        Var(d̄) ≈ (1/J + n_2/n_1) · S²,     t = d̄ / sqrt((1/J + n_2/n_1) S²),  J − 1 df.

    With n_2/n_1 → 0 this is :func:`cv_paired_t`'s statistic. For k-fold CV, n_2/n_1 = 1/(k − 1)
    (``folds=k``; Bouckaert & Frank 2004 use it for repeated k-fold CV); for random splits with
    a test fraction f, n_2/n_1 = f/(1 − f) (``test_fraction=f``). The Bayesian twin,
    :func:`evalkit.bayesian.correlated_t`, takes the same inputs in the same order and the same
    designs.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size): minimum 0.048, median 0.049, maximum 0.054 (at differences=30, rho=0.3333) over 3
    settings.

    Parameters
    ----------
    scores_a, scores_b : array-like, shape (..., J)
        The two learners' scores on the same J splits (J ≥ 2) along the last axis, e.g. from
        scikit-learn's ``cross_val_score`` with the same ``cv``.
    higher_is_better : bool, default True
        True for accuracies (scikit-learn's scorers), False for error rates; it decides which
        sign of d̄ favours A (``estimate_name`` says it).
    n_train, n_test : int, keyword-only
        Training and test set sizes of each split (≥ 1), or instead:
    test_fraction : float, keyword-only
        n_test/(n_train + n_test) of each split, in (0, 1) (random splits, e.g. 1/3), or:
    runs, folds : int, keyword-only
        Repeated k-fold CV: ``runs`` repetitions of ``folds``-fold CV, runs × folds = J;
        n_2/n_1 = 1/(folds − 1). Give exactly one of the three designs.
    error_differences : array-like, shape (..., J), keyword-only
        Instead of the scores: the differences of error rates e_A − e_B per split.
    confidence : float, keyword-only
        Level of the two-sided interval.
    *legacy, differences : deprecated
        The old positional form ``corrected_resampled_t(differences, n_train, n_test,
        confidence)`` (``legacy`` holds its n_test and confidence) and the old name of
        ``error_differences``: they still work, with a FutureWarning and the same results.

    Returns
    -------
    TestResult
        ``statistic`` t, ``df`` J − 1, two-sided ``pvalue``, ``estimate`` d̄ (named with the
        sign that favours A) and the corrected ``interval`` d̄ ± t_(1−α/2), J−1 ·
        sqrt((1/J + n_2/n_1) S²); ``details``: ``standard_error``, ``correction``
        (1/J + n_2/n_1) / (1/J), ``test_to_train`` n_2/n_1 and the design.

    Examples
    --------
    >>> a = [0.95, 0.98, 0.96, 0.94, 0.97]   # accuracies of A on 5 splits of 80 + 20 items
    >>> b = [0.90, 0.96, 0.92, 0.88, 0.94]
    >>> r = corrected_resampled_t(a, b, n_train=80, n_test=20)
    >>> round(r.statistic, 3), round(r.pvalue, 4)
    (3.771, 0.0196)
    >>> corrected_resampled_t(a, b, test_fraction=0.2).pvalue == r.pvalue
    True
    >>> r.estimate_name
    'mean score difference A − B (> 0: A better)'
    """
    if _is_number(scores_b) and error_differences is None and differences is _DEPRECATED:
        # the old positional form corrected_resampled_t(differences, n_train, n_test, confidence)
        if len(legacy) > 2 or n_train is not None:
            raise TypeError(
                "corrected_resampled_t: too many positional arguments; the old form is "
                "corrected_resampled_t(differences, n_train, n_test, confidence)"
            )
        n_train, scores_b = scores_b, None
        n_test = legacy[0] if legacy else n_test
        confidence = legacy[1] if len(legacy) > 1 else confidence
    elif legacy:
        raise TypeError(
            "corrected_resampled_t takes two arrays, scores_a and scores_b, and the design as "
            "keywords: n_train= with n_test=, test_fraction=, or runs= with folds=; got "
            f"{len(legacy)} more positional argument(s)"
        )
    d, higher = _paired_scores(
        "corrected_resampled_t", scores_a, scores_b, higher_is_better, error_differences,
        differences,
    )  # fmt: skip
    from_errors = scores_b is None
    splits = d.shape[-1]
    if splits < 2:
        name = "scores_a and scores_b" if not from_errors else _differences_name(error_differences)
        raise ValueError(f"{name} must hold at least 2 splits along the last axis; got {splits}")
    ratio, design = _test_share(splits, n_train, n_test, test_fraction, runs, folds)
    confidence = check_confidence(confidence)
    mean = d.mean(axis=-1)
    variance = np.var(d, axis=-1, ddof=1)
    factor = 1.0 / splits + ratio
    standard_error = np.sqrt(factor * variance)
    return _t_test_result(
        mean,
        standard_error,
        splits - 1,
        confidence,
        method="corrected resampled t-test (Nadeau & Bengio 2003)",
        interval_method="corrected resampled t (Nadeau & Bengio 2003)",
        estimate_name=_difference_name(higher, from_errors),
        details={"correction": factor * splits, "test_to_train": ratio, **design},
    )
