"""Notebook 12, exercise 1 (how wide must the ROPE be?): the smallest ROPE, P(equivalent) ≥ 0.95.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import numpy as np
from otter.test_files import test_case

from evalkit.bayesian import paired_accuracy
from evalkit.exercises import expect_number

OK_FORMAT = False
name = "q12_1"
points = 1

# The exercise's data: notebook 04's agreement table (k-NN against naive Bayes), section 2
TABLE = np.array([[265, 10], [2, 8]])
ROPES = 0.005 * np.arange(1, 21)
RIGHT = {
    "smallest_rope": float(
        next(r for r in ROPES if paired_accuracy(TABLE, rope=r).p_equivalent >= 0.95)
    )
}
HINT = (
    "Reread section 2, 'One test set: the agreement table as a posterior': scan the ROPE r in "
    "steps of 0.005 and keep the first r at which P(equivalent) reaches 0.95."
)


@test_case(name="smallest_rope", points=1, failure_message=HINT)
def check_rope(smallest_rope):
    # a tolerance well below the step 0.005: the grid's float rounding passes, the next step not
    expect_number(
        "smallest_rope",
        smallest_rope,
        RIGHT["smallest_rope"],
        what="the smallest ROPE (steps of 0.005) with P(equivalent) ≥ 0.95",
        rel=0,
        abs=0.001,
    )
