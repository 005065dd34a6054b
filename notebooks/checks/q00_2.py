"""Notebook 00, exercise 2: how many of 50 items A must get right (B at 40 of 50) for p < 0.05.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_integer
from evalkit.independent import boschloo_exact, fisher_exact


def _needed(test):
    # the smallest count of A (of 50) with p < 0.05 against B's 40 of 50
    return next(a for a in range(40, 51) if test([[a, 40], [50 - a, 10]]).pvalue < 0.05)


OK_FORMAT = False
name = "q00_2"
points = 2

RIGHT = {
    "boschloo_needed": _needed(boschloo_exact),
    "fisher_needed": _needed(fisher_exact),
}
HINT = (
    "Reread 'The question in numbers: a preview': build the 2×2 table [[correct A, correct B], "
    "[wrong A, wrong B]] for each count of A from 40 up and take the first with p below 0.05."
)


@test_case(name="boschloo_needed", points=1, failure_message=HINT)
def check_boschloo(boschloo_needed):
    expect_integer(
        "boschloo_needed",
        boschloo_needed,
        RIGHT["boschloo_needed"],
        what="the number of items of 50 that A must get right for Boschloo's p below 0.05",
    )


@test_case(name="fisher_needed", points=1, failure_message=HINT)
def check_fisher(fisher_needed):
    expect_integer(
        "fisher_needed",
        fisher_needed,
        RIGHT["fisher_needed"],
        what="the number of items of 50 that A must get right for Fisher's p below 0.05",
    )
