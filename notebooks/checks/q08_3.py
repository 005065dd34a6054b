"""Notebook 08, exercise 3 (Friedman without the synthetic data): the four real data sets only.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import csv

import numpy as np
from otter.test_files import test_case

from evalkit.datasets import data_file
from evalkit.exercises import expect_number
from evalkit.multiple import friedman, nemenyi

OK_FORMAT = False
name = "q08_3"
points = 2


def _real_scores():
    with data_file("many_datasets_accuracies.csv").open() as fh:
        fh.readline()  # the command that made the table
        rows = list(csv.DictReader(fh))
    names = list(rows[0])[4:]
    real = ("iris", "wine", "breast_cancer", "digits")
    return np.array([[float(r[n]) for n in names] for r in rows if r["dataset"] in real])


_REAL = _real_scores()
RIGHT = {
    # Demšar's Iman–Davenport p-value without the tie correction, as section 3 computes it (the
    # statement says so: with scipy's tie correction it is a different number)
    "p_real": friedman(_REAL).f_pvalue,
    "cd_real": nemenyi(_REAL).critical_difference,
}
HINT = (
    "Reread section 3, 'Several classifiers: the Friedman test' (the Iman–Davenport F, without the "
    "tie correction), and section 4's critical difference CD = q·sqrt(k(k+1)/(6N)), now with N = 4."
)


@test_case(name="p_real", points=1, failure_message=HINT)
def check_p_real(p_real):
    expect_number(
        "p_real",
        p_real,
        RIGHT["p_real"],
        what="the Iman–Davenport p-value on the four real data sets",
    )


@test_case(name="cd_real", points=1, failure_message=HINT)
def check_cd_real(cd_real):
    expect_number(
        "cd_real", cd_real, RIGHT["cd_real"], what="Nemenyi's critical difference with N = 4"
    )
