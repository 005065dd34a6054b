"""Notebook 03, exercise 3: the largest type-I error of the normal test and of Fisher's (10 vs 200).

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import numpy as np
from otter.test_files import test_case

from evalkit.exercises import expect_number
from evalkit.independent import rejection_probability

RATES = np.linspace(0.5, 0.99, 50)  # the exercise's true rates, 50 % to 99 % in steps of 1 %


def _type_one_error(test):
    return rejection_probability(10, 200, RATES, test=test)


OK_FORMAT = False
name = "q03_3"
points = 4

RIGHT = {
    "normal_max_error": float(_type_one_error("normal").max()),
    "normal_worst_rate": float(RATES[_type_one_error("normal").argmax()]),
    "fisher_max_error": float(_type_one_error("fisher").max()),
    "fisher_worst_rate": float(RATES[_type_one_error("fisher").argmax()]),
}
# A finer grid than the 1 % steps is also right: at 0.1 % steps the largest errors rise by at
# most 1.1 % (relative) and their rates move by at most 0.004 (measured), hence these tolerances.
ERROR_TOLERANCE = 0.02  # relative
RATE_TOLERANCE = 0.006  # absolute
HINT = (
    "Reread section 6, 'Which test keeps its promise, and which finds real differences? Exact "
    "size and power': rejection_probability with equal true rates gives the exact type-I error "
    "(a fraction, not per cent); take its largest value over the rates and the rate where it "
    "occurs."
)


@test_case(name="normal_max_error", points=1, failure_message=HINT)
def check_normal_error(normal_max_error):
    expect_number(
        "normal_max_error",
        normal_max_error,
        RIGHT["normal_max_error"],
        what="the normal test's largest type-I error at the 5 % level",
        rel=ERROR_TOLERANCE,
    )


@test_case(name="normal_worst_rate", points=1, failure_message=HINT)
def check_normal_rate(normal_worst_rate):
    expect_number(
        "normal_worst_rate",
        normal_worst_rate,
        RIGHT["normal_worst_rate"],
        what="the true rate at which the normal test's type-I error is largest",
        rel=0,
        abs=RATE_TOLERANCE,
    )


@test_case(name="fisher_max_error", points=1, failure_message=HINT)
def check_fisher_error(fisher_max_error):
    expect_number(
        "fisher_max_error",
        fisher_max_error,
        RIGHT["fisher_max_error"],
        what="Fisher's test's largest type-I error at the 5 % level",
        rel=ERROR_TOLERANCE,
    )


@test_case(name="fisher_worst_rate", points=1, failure_message=HINT)
def check_fisher_rate(fisher_worst_rate):
    expect_number(
        "fisher_worst_rate",
        fisher_worst_rate,
        RIGHT["fisher_worst_rate"],
        what="the true rate at which Fisher's type-I error is largest",
        rel=0,
        abs=RATE_TOLERANCE,
    )
