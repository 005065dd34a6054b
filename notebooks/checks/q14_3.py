"""Notebook 14, exercise 3 (a fourth classifier): pairwise tests, Holm's multiplier, the verdicts.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import math

import numpy as np
from otter.test_files import test_case
from sklearn.datasets import load_digits
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier
from threadpoolctl import threadpool_limits

from evalkit.adjust import holm
from evalkit.exercises import expect_integer
from evalkit.paired import pairwise_mcnemar

OK_FORMAT = False
name = "q14_3"
points = 3

SEED = 14  # the notebook's split and decision tree (section 4)


def _correct():
    """Section 5's items × classifiers matrix of 'correct', Gaussian naive Bayes the fourth."""
    features, labels = load_digits(return_X_y=True)
    x_train, x_test, y_train, y_test = train_test_split(
        features, labels, test_size=0.5, random_state=SEED, stratify=labels
    )
    models = [
        make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000)),
        make_pipeline(StandardScaler(), KNeighborsClassifier(3)),
        DecisionTreeClassifier(random_state=SEED),
        GaussianNB(),
    ]
    with threadpool_limits(1):  # as the notebook: quicker than many threads for data this small
        return np.column_stack([m.fit(x_train, y_train).predict(x_test) == y_test for m in models])


def _changed_verdicts(correct):
    """How many of the three earlier pairs change their verdict when the fourth joins."""
    three, four = pairwise_mcnemar(correct[:, :3]), pairwise_mcnemar(correct)
    before = dict(zip(three.pairs, three.reject, strict=True))
    return sum(
        bool(before[pair] != reject)
        for pair, reject in zip(four.pairs, four.reject, strict=True)
        if pair in before
    )


_PAIRS = math.comb(4, 2)
RIGHT = {
    "pairs_four": _PAIRS,
    # Holm compares the smallest of m p-values with α/m: its adjusted p-value is m times it
    "holm_factor": round(holm([1e-4] + [1.0] * (_PAIRS - 1)).adjusted[0] / 1e-4),
    "verdicts_changed": _changed_verdicts(_correct()),
}
HINT = (
    "Reread section 5, 'Three classifiers on one test set: Cochran's Q and pairwise McNemar with "
    "Holm': count the pairs of four classifiers, see what Holm does to the smallest of their "
    "p-values, and compare each earlier pair's verdict with and without naive Bayes."
)


@test_case(name="pairs_four", points=1, failure_message=HINT)
def check_pairs(pairs_four):
    expect_integer(
        "pairs_four",
        pairs_four,
        RIGHT["pairs_four"],
        what="the number of pairwise tests of four classifiers",
    )


@test_case(name="holm_factor", points=1, failure_message=HINT)
def check_holm(holm_factor):
    expect_integer(
        "holm_factor",
        holm_factor,
        RIGHT["holm_factor"],
        what="the factor Holm applies to the smallest pairwise p-value",
    )


@test_case(name="verdicts_changed", points=1, failure_message=HINT)
def check_verdicts(verdicts_changed):
    expect_integer(
        "verdicts_changed",
        verdicts_changed,
        RIGHT["verdicts_changed"],
        what="the number of the three earlier pairs whose verdict changes",
    )
