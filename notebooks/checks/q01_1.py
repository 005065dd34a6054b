"""Notebook 01, exercise 1: at least 30 heads in 50 tosses of a fair coin, exact and simulated.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import math

from otter.test_files import test_case

from evalkit.distributions import binomial_cdf
from evalkit.exercises import expect_number

OK_FORMAT = False
name = "q01_1"
points = 2

RIGHT = {
    "at_least_30": 1 - binomial_cdf(29, 50, 0.5),
    # the simulation estimates the same probability
    "simulated_share": 1 - binomial_cdf(29, 50, 0.5),
}
# Any seed must pass: 4 Monte-Carlo standard errors of the share from the exercise's 100 000 runs,
# 4 * sqrt(p (1 - p) / 100 000), about 0.004.
SIMULATION_TOLERANCE = 4 * math.sqrt(RIGHT["at_least_30"] * (1 - RIGHT["at_least_30"]) / 100_000)
HINT = (
    "Reread section 2, 'K items give a binomial count': P(X ≥ 30) = 1 − P(X ≤ 29), and the "
    "simulated share is the fraction of the 100 000 runs with at least 30 heads."
)


@test_case(name="at_least_30", points=1, failure_message=HINT)
def check_exact(at_least_30):
    expect_number(
        "at_least_30",
        at_least_30,
        RIGHT["at_least_30"],
        what="the exact probability of at least 30 heads in 50 fair tosses",
    )


@test_case(name="simulated_share", points=1, failure_message=HINT)
def check_simulated(simulated_share):
    expect_number(
        "simulated_share",
        simulated_share,
        RIGHT["simulated_share"],
        what="the share of 100 000 simulated runs with at least 30 heads",
        rel=0,
        abs=SIMULATION_TOLERANCE,
    )
