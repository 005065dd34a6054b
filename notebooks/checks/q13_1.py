"""Notebook 13, exercise 1 (planning with the design effect): the design effect, the writers needed.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import math

from otter.test_files import test_case

from evalkit.exercises import expect_integer, expect_number

OK_FORMAT = False
name = "q13_1"
points = 2

ITEMS, ICC, WORTH = 50, 0.03, 1000  # the exercise's plan: 50 characters per writer, ρ = 0.03
_DEFF = 1 + (ITEMS - 1) * ICC  # deff = 1 + (m − 1)ρ (Rao & Scott 1992)
RIGHT = {
    "deff_planned": _DEFF,
    # each writer is worth m / deff independent characters; the smallest k with k·m/deff ≥ 1000
    "writers_needed": math.ceil(WORTH / (ITEMS / _DEFF)),
}
HINT = (
    "Reread section 1, 'Writers make a test set smaller than it looks': the design effect "
    "depends on the characters per writer and ρ, and a test set of k writers is worth "
    "k·m/deff independent characters; round the number of writers up."
)


@test_case(name="deff_planned", points=1, failure_message=HINT)
def check_deff(deff_planned):
    expect_number(
        "deff_planned",
        deff_planned,
        RIGHT["deff_planned"],
        what="the design effect of 50 characters per writer at ρ = 0.03",
    )


@test_case(name="writers_needed", points=1, failure_message=HINT)
def check_writers(writers_needed):
    expect_integer(
        "writers_needed",
        writers_needed,
        RIGHT["writers_needed"],
        what="the number of writers whose test set is worth 1 000 independent characters",
    )
