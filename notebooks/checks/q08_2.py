"""Notebook 08, exercise 2 (how many data sets would Nemenyi need?): the smallest N.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import csv
import math

import numpy as np
from otter.test_files import test_case

from evalkit.datasets import data_file
from evalkit.exercises import expect_integer
from evalkit.multiple import critical_value, nemenyi

OK_FORMAT = False
name = "q08_2"
points = 1


def _smallest_n():
    with data_file("many_datasets_accuracies.csv").open() as fh:
        fh.readline()  # the command that made the table
        rows = list(csv.DictReader(fh))
    names = list(rows[0])[4:]
    scores = np.array([[float(r[n]) for n in names] for r in rows])
    gap = abs(nemenyi(scores).rank_differences[names.index("forest"), names.index("naive_bayes")])
    k = len(names)
    # CD = q sqrt(k(k+1)/(6N)) < gap  <=>  N > q^2 k(k+1) / (6 gap^2); the gap rounded to 1.96
    # gives the same whole number.
    return math.ceil(critical_value(k, 0.05) ** 2 * k * (k + 1) / (6 * gap**2))


RIGHT = {"n_needed": _smallest_n()}
HINT = (
    "Reread section 4, 'Which ones differ? Nemenyi's test and the critical-difference diagram': "
    "solve CD = q·sqrt(k(k+1)/(6N)) ≤ gap for N with q for k = 6 at α = 0.05, and round up."
)


@test_case(name="n_needed", points=1, failure_message=HINT)
def check_n_needed(n_needed):
    expect_integer(
        "n_needed",
        n_needed,
        RIGHT["n_needed"],
        what="the smallest number of data sets whose critical difference is below the gap",
    )
