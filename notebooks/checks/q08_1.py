"""Notebook 08, exercise 1 (ties in the sign test): knn5 against tree with three rules for ties.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import csv

import numpy as np
from otter.test_files import test_case

from evalkit.datasets import data_file
from evalkit.exercises import expect_number
from evalkit.paired import sign_test

OK_FORMAT = False
name = "q08_1"
points = 3


def _wins_losses_ties():
    with data_file("many_datasets_accuracies.csv").open() as fh:
        fh.readline()  # the command that made the table
        rows = list(csv.DictReader(fh))
    d = np.array([float(r["knn5"]) - float(r["tree"]) for r in rows])
    return int(np.sum(d > 0)), int(np.sum(d < 0)), int(np.sum(d == 0))


_W, _L, _T = _wins_losses_ties()
RIGHT = {
    # exact two-sided binomial p-values (the sign test is exact; no approximation to allow for)
    "p_dropped": sign_test(_W, _W + _L, "two-sided").pvalue,
    "p_split": sign_test(_W + _T // 2, _W + _L + 2 * (_T // 2), "two-sided").pvalue,
    "p_to_tree": sign_test(_W, _W + _L + _T, "two-sided").pvalue,
}
HINT = (
    "Reread section 2, 'The sign test across data sets', and 'Deeper: ties in the sign test, "
    "exact size': count knn5's wins, losses and ties against tree; dropping the ties lowers the "
    "number of trials, splitting gives half of them to each side, and giving them to the tree "
    "counts each as a loss of knn5."
)


@test_case(name="p_dropped", points=1, failure_message=HINT)
def check_dropped(p_dropped):
    expect_number(
        "p_dropped",
        p_dropped,
        RIGHT["p_dropped"],
        what="the two-sided p-value with the ties dropped",
    )


@test_case(name="p_split", points=1, failure_message=HINT)
def check_split(p_split):
    expect_number(
        "p_split",
        p_split,
        RIGHT["p_split"],
        what="the two-sided p-value with the ties split evenly",
    )


@test_case(name="p_to_tree", points=1, failure_message=HINT)
def check_to_tree(p_to_tree):
    expect_number(
        "p_to_tree",
        p_to_tree,
        RIGHT["p_to_tree"],
        what="the two-sided p-value with every tie counted as a win of the tree",
    )
