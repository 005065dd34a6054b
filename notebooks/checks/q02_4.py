"""Notebook 02, exercise 4 (planning a test set): the test-set sizes for ±1 and ±0.5 points."""

from otter.test_files import test_case

from evalkit.exercises import expect_number
from evalkit.planning import trials_for_halfwidth

OK_FORMAT = False
name = "q02_4"
points = 2

RIGHT = {
    "k_one_point": trials_for_halfwidth(0.01, 0.95, method="wilson"),
    "k_half_point": trials_for_halfwidth(0.005, 0.95, method="wilson"),
}
# Within 2 %: the normal approximation z² x (1 - x) / h² (1825 and 7300 items) is an accepted
# route too; it differs from the smallest K whose Wilson interval is that narrow by under 1 %.
_REL = 0.02
HINT = (
    "Reread section 5, 'How many test items do I need?': the half-width of a 95 % interval "
    "around x = 0.95 must be 0.01 (then 0.005), and it shrinks like 1/sqrt(K)."
)


@test_case(name="k_one_point", points=1, failure_message=HINT)
def check_one(k_one_point):
    expect_number(
        "k_one_point",
        k_one_point,
        RIGHT["k_one_point"],
        what="the test-set size for ±1 point",
        rel=_REL,
    )


@test_case(name="k_half_point", points=1, failure_message=HINT)
def check_half(k_half_point):
    expect_number(
        "k_half_point",
        k_half_point,
        RIGHT["k_half_point"],
        what="the test-set size for ±0.5 points",
        rel=_REL,
    )
