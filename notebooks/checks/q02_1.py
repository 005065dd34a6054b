"""Notebook 02, exercise 1 (zero errors): the interval for the error rate, and the one-sided bound.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_interval, expect_number
from evalkit.intervals import clopper_pearson

OK_FORMAT = False
name = "q02_1"
points = 2

RIGHT = {
    "error_interval": clopper_pearson(0, 300),
    "upper_bound": clopper_pearson(0, 300, confidence=0.90).high,
}
HINT = (
    "Reread section 2, 'The exact interval: Clopper–Pearson': with n = 0 errors the lower limit "
    "is 0; a one-sided 95 % bound is the upper limit of the two-sided 90 % interval."
)


@test_case(name="error_interval", points=1, failure_message=HINT)
def check_interval(error_interval):
    expect_interval(
        "error_interval",
        error_interval,
        RIGHT["error_interval"],
        what="the 95 % Clopper–Pearson interval for the error rate (0 errors in K = 300)",
    )


@test_case(name="upper_bound", points=1, failure_message=HINT)
def check_bound(upper_bound):
    expect_number(
        "upper_bound",
        upper_bound,
        RIGHT["upper_bound"],
        what="the one-sided 95 % upper bound for the error rate",
    )
