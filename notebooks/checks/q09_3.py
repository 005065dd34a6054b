"""Notebook 09, exercise 3 (when the bootstrap has nothing to resample): 30 of 30 right.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_interval
from evalkit.intervals import clopper_pearson

OK_FORMAT = False
name = "q09_3"
points = 2

_K = 30  # the exercise's test set: every one of the 30 items right
RIGHT = {
    # every resample of 30 correct items has accuracy 1, whatever the seed or B
    "percentile_interval": (1.0, 1.0),
    "cp_interval": clopper_pearson(_K, _K),
}
HINT = (
    "Reread section 1, 'The idea: resample the test set', and section 6's case 2 (a test set "
    "with every item right): what can a resample of 30 correct items be? Clopper–Pearson is "
    "notebook 02's exact interval for 30 successes in 30 trials."
)


@test_case(name="percentile_interval", points=1, failure_message=HINT)
def check_percentile(percentile_interval):
    expect_interval(
        "percentile_interval",
        percentile_interval,
        RIGHT["percentile_interval"],
        what="the percentile bootstrap interval for the accuracy",
    )


@test_case(name="cp_interval", points=1, failure_message=HINT)
def check_cp(cp_interval):
    expect_interval(
        "cp_interval",
        cp_interval,
        RIGHT["cp_interval"],
        what="the 95 % Clopper–Pearson interval for the accuracy (30 of 30 right)",
    )
