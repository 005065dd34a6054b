"""Notebook 02, exercise 5 (choose the interval to report): the method, and its lowest coverage.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import numpy as np
from otter.test_files import test_case

from evalkit.exercises import expect_choice, expect_number
from evalkit.intervals import coverage

OK_FORMAT = False
name = "q02_5"
points = 2

# the exercise's grid: true accuracies near the observed 197/200, error rates log-spaced
_NEAR = 1 - np.geomspace(1e-4, 0.05, 2000)
_OPTIONS = ["wald", "wilson", "clopper-pearson"]
RIGHT = {
    # the course's choice for one accuracy (notebook 10's report): never below 0.95
    "chosen_method": "clopper-pearson",
    "chosen_min_coverage": float(coverage("clopper-pearson", 200, _NEAR).min()),
}
WRONG = {"chosen_method": "wilson"}
HINT = (
    "Reread section 4 (Wilson's dip near 1, at x ≈ 1 − 0.18/K) and section 6, 'Which interval "
    "to report': compute coverage(method, 200, x) on the exercise's grid for each of the three "
    "methods; which one keeps the promise of section 1 at every x of the grid?"
)


@test_case(name="chosen_method", points=1, failure_message=HINT)
def check_method(chosen_method):
    expect_choice(
        "chosen_method",
        chosen_method,
        RIGHT["chosen_method"],
        options=_OPTIONS,
        what="the interval to report for 197 of 200",
    )


@test_case(name="chosen_min_coverage", points=1, failure_message=HINT)
def check_coverage(chosen_min_coverage):
    expect_number(
        "chosen_min_coverage",
        chosen_min_coverage,
        RIGHT["chosen_min_coverage"],
        what="the lowest exact coverage of the chosen method (K = 200) over the exercise's grid",
        rel=0,
        abs=5e-4,
    )
