"""Notebook 00, exercise 1: the smallest test set at which 94 % against 80 % is significant.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_integer
from evalkit.independent import boschloo_exact, fisher_exact


def _table(items):
    # compare_at_size's table: 94 % and 80 % of `items`, rounded as Python's round() does
    correct_a, correct_b = round(0.94 * items), round(0.80 * items)
    return [[correct_a, correct_b], [items - correct_a, items - correct_b]]


def _smallest(test):
    # the first size from 10 on with p < 0.05 (a larger size may be above 0.05 again)
    return next(k for k in range(10, 101) if test(_table(k)).pvalue < 0.05)


OK_FORMAT = False
name = "q00_1"
points = 2

RIGHT = {
    "boschloo_size": _smallest(boschloo_exact),
    "fisher_size": _smallest(fisher_exact),
}
HINT = (
    "Reread 'Try it: how many test items make the difference?': try every size from 10 upwards "
    "with compare_at_size and take the first whose p-value is below 0.05, for each test."
)


@test_case(name="boschloo_size", points=1, failure_message=HINT)
def check_boschloo(boschloo_size):
    expect_integer(
        "boschloo_size",
        boschloo_size,
        RIGHT["boschloo_size"],
        what="the smallest number of items per classifier with Boschloo's p below 0.05",
    )


@test_case(name="fisher_size", points=1, failure_message=HINT)
def check_fisher(fisher_size):
    expect_integer(
        "fisher_size",
        fisher_size,
        RIGHT["fisher_size"],
        what="the smallest number of items per classifier with Fisher's p below 0.05",
    )
