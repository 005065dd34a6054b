"""Notebook 12, exercise 3 (the prior of the signed-rank test): P(equivalent) at s = 0.1 and s = 10.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import csv

import numpy as np
from otter.test_files import test_case

from evalkit.bayesian import signed_rank
from evalkit.datasets import data_file
from evalkit.exercises import expect_number

OK_FORMAT = False
name = "q12_3"
points = 2

SAMPLES, ROPE = 20_000, 0.01


def _scores(name_a: str, name_b: str) -> tuple[np.ndarray, np.ndarray]:
    """The two classifiers' accuracies on the 14 data sets, as section 4 reads them."""
    with data_file("many_datasets_accuracies.csv").open() as handle:
        handle.readline()  # the command that produced the file
        rows = list(csv.DictReader(handle))
    return tuple(np.array([float(row[n]) for row in rows]) for n in (name_a, name_b))


def _p_equivalent(prior: float) -> float:
    logistic, bayes = _scores("logistic", "naive_bayes")
    return signed_rank(
        logistic, bayes, rope=ROPE, prior=prior, samples=SAMPLES, rng=12
    ).p_equivalent


RIGHT = {"equivalent_s01": _p_equivalent(0.1), "equivalent_s10": _p_equivalent(10.0)}
# Both the answer and RIGHT are Monte-Carlo estimates from 20 000 posterior draws: accept 4 of
# the standard errors of their difference, so that every seed passes (about 0.008 at s = 0.1,
# 0.020 at s = 10).
TOLERANCE = {key: 4 * np.sqrt(2 * p * (1 - p) / SAMPLES) for key, p in RIGHT.items()}
HINT = (
    "Reread section 4, 'Many data sets: the Bayesian signed-rank and sign tests': signed_rank "
    "with rope=0.01, prior=s and 20 000 samples; logistic regression is A, naive Bayes B."
)


@test_case(name="equivalent_s01", points=1, failure_message=HINT)
def check_weak_prior(equivalent_s01):
    expect_number(
        "equivalent_s01",
        equivalent_s01,
        RIGHT["equivalent_s01"],
        what="P(equivalent) of the signed-rank test with prior s = 0.1",
        rel=0,
        abs=TOLERANCE["equivalent_s01"],
    )


@test_case(name="equivalent_s10", points=1, failure_message=HINT)
def check_strong_prior(equivalent_s10):
    expect_number(
        "equivalent_s10",
        equivalent_s10,
        RIGHT["equivalent_s10"],
        what="P(equivalent) of the signed-rank test with prior s = 10",
        rel=0,
        abs=TOLERANCE["equivalent_s10"],
    )
