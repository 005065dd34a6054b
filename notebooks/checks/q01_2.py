"""Notebook 01, exercise 2: the relative precision that Fouladi's rule K ≈ 100/e buys.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import math

from otter.test_files import test_case

from evalkit.exercises import expect_number


def _relative_sd(error, items):
    # σ_ê / e: sqrt(e (1 − e) / K) / e
    return math.sqrt(error * (1 - error) / items) / error


def _items_for(error, relative):
    # the K at which σ_ê / e equals `relative`
    return (1 - error) / (error * relative**2)


OK_FORMAT = False
name = "q01_2"
points = 3

RIGHT = {
    "rel_sd_1pct": _relative_sd(0.01, 10_000),
    "rel_sd_3pct": _relative_sd(0.03, 3000),
    "halving_items": round(_items_for(0.01, _relative_sd(0.01, 10_000) / 2)),
}
# σ/P within 1 %: the question needs about two digits; this accepts any rounding to three
# significant digits.
RELATIVE = 0.01
HINT = (
    "Reread section 2, 'K items give a binomial count', with the error rate e in place of the "
    "accuracy: the standard deviation of a measured rate is sqrt(e(1 − e)/K), and it shrinks "
    "like 1/sqrt(K)."
)


@test_case(name="rel_sd_1pct", points=1, failure_message=HINT)
def check_one_percent(rel_sd_1pct):
    expect_number(
        "rel_sd_1pct",
        rel_sd_1pct,
        RIGHT["rel_sd_1pct"],
        what="σ/e for e = 0.01 and K = 10 000",
        rel=RELATIVE,
    )


@test_case(name="rel_sd_3pct", points=1, failure_message=HINT)
def check_three_percent(rel_sd_3pct):
    expect_number(
        "rel_sd_3pct",
        rel_sd_3pct,
        RIGHT["rel_sd_3pct"],
        what="σ/e for e = 0.03 and K = 3000",
        rel=RELATIVE,
    )


@test_case(name="halving_items", points=1, failure_message=HINT)
def check_halving(halving_items):
    expect_number(
        "halving_items",
        halving_items,
        RIGHT["halving_items"],
        what="the number of items that halves σ/e at e = 0.01",
    )
