"""Notebook 03, exercise 5: the exact coverage of Wald's and Newcombe's interval in Tan's example.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import numpy as np
from otter.test_files import test_case

from evalkit.exercises import expect_number
from evalkit.independent import difference_coverage

# A's true error rate from 0.001 to 0.3 in steps of 0.001, B's at 0.25 (the exercise's grid)
ERROR_RATES = np.linspace(0.001, 0.3, 300)


def _coverage(method, error_a):
    # error rates or rates of correct results give the same coverage
    return difference_coverage(method, 30, 5000, error_a, 0.25)


OK_FORMAT = False
name = "q03_5"
points = 3

RIGHT = {
    "wald_coverage": float(_coverage("wald", 4 / 30)),
    "newcombe_coverage": float(_coverage("newcombe", 4 / 30)),
    "wald_worst_rate": float(ERROR_RATES[np.argmin(_coverage("wald", ERROR_RATES))]),
}
# A finer grid is also right: at steps of 0.0001 the worst rate moves by 0.0001 (measured).
RATE_TOLERANCE = 0.0015  # absolute
HINT = (
    "Reread section 7, 'Four intervals for the difference': difference_coverage(method, 30, "
    "5000, rate of A, rate of B) is the exact coverage; scan A's true error rate over the grid "
    "with B's at 0.25 and take the rate where Wald's coverage is lowest."
)


@test_case(name="wald_coverage", points=1, failure_message=HINT)
def check_wald(wald_coverage):
    expect_number(
        "wald_coverage",
        wald_coverage,
        RIGHT["wald_coverage"],
        what="the Wald interval's exact coverage at the observed rates 4/30 and 0.25",
    )


@test_case(name="newcombe_coverage", points=1, failure_message=HINT)
def check_newcombe(newcombe_coverage):
    expect_number(
        "newcombe_coverage",
        newcombe_coverage,
        RIGHT["newcombe_coverage"],
        what="Newcombe's interval's exact coverage at the observed rates 4/30 and 0.25",
    )


@test_case(name="wald_worst_rate", points=1, failure_message=HINT)
def check_worst_rate(wald_worst_rate):
    expect_number(
        "wald_worst_rate",
        wald_worst_rate,
        RIGHT["wald_worst_rate"],
        what="A's true error rate at which the Wald interval's coverage is lowest",
        rel=0,
        abs=RATE_TOLERANCE,
    )
