"""Notebook 06, exercise 2 (Symeonidis' cost matrix): the cost of the two trivial classifiers.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import numpy as np
from otter.test_files import test_case

from evalkit.examples import example
from evalkit.exercises import expect_number
from evalkit.metrics import expected_cost

OK_FORMAT = False
name = "q06_2"
points = 2

_COST = np.array(example("sym-cost").inputs["cost"])  # rows = actual (+, −), columns = predicted
_POSITIVES, _NEGATIVES = 190, 310  # M1's test set
RIGHT = {
    "always_pos_cost": float(expected_cost([[_POSITIVES, 0], [_NEGATIVES, 0]], _COST)),
    "always_neg_cost": float(expected_cost([[0, _POSITIVES], [0, _NEGATIVES]], _COST)),
}
HINT = (
    "Reread section 3, 'A price for every cell: the cost matrix': build each trivial classifier's "
    "confusion matrix (rows = actual, columns = predicted) and add up cost × count over its cells."
)


@test_case(name="always_pos_cost", points=1, failure_message=HINT)
def check_pos(always_pos_cost):
    expect_number(
        "always_pos_cost",
        always_pos_cost,
        RIGHT["always_pos_cost"],
        what="the total cost of 'always +' on the 500 records",
    )


@test_case(name="always_neg_cost", points=1, failure_message=HINT)
def check_neg(always_neg_cost):
    expect_number(
        "always_neg_cost",
        always_neg_cost,
        RIGHT["always_neg_cost"],
        what="the total cost of 'always −' on the 500 records",
    )
