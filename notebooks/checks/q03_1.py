"""Notebook 03, exercise 1: Tan's comparison with whole counts, 25 or 26 of 30 against 3750 of 5000.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_number
from evalkit.independent import fisher_exact, rate_difference


def _fisher(correct_a):
    return fisher_exact([[correct_a, 3750], [30 - correct_a, 1250]]).pvalue


def _normal(correct_a):
    # Tan's normal test (eq. 4.14-4.15); rates of correct or of wrong results give the same p
    return rate_difference(correct_a / 30, 30, 3750 / 5000, 5000).pvalue


OK_FORMAT = False
name = "q03_1"
points = 4

RIGHT = {
    "fisher_p_25": _fisher(25),
    "normal_p_25": _normal(25),
    "fisher_p_26": _fisher(26),
    "normal_p_26": _normal(26),
}
HINT = (
    "Reread section 1, 'The question: 85 % on 30 items against 75 % on 5000', for the normal test "
    "(rate_difference), and section 4, 'Fisher's exact test', for the 2×2 table [[correct A, "
    "correct B], [wrong A, wrong B]]; both p-values are two-sided."
)


@test_case(name="fisher_p_25", points=1, failure_message=HINT)
def check_fisher_25(fisher_p_25):
    expect_number(
        "fisher_p_25",
        fisher_p_25,
        RIGHT["fisher_p_25"],
        what="Fisher's two-sided p-value for 25 of 30 against 3750 of 5000",
    )


@test_case(name="normal_p_25", points=1, failure_message=HINT)
def check_normal_25(normal_p_25):
    expect_number(
        "normal_p_25",
        normal_p_25,
        RIGHT["normal_p_25"],
        what="the normal test's two-sided p-value for 25 of 30 against 3750 of 5000",
    )


@test_case(name="fisher_p_26", points=1, failure_message=HINT)
def check_fisher_26(fisher_p_26):
    expect_number(
        "fisher_p_26",
        fisher_p_26,
        RIGHT["fisher_p_26"],
        what="Fisher's two-sided p-value for 26 of 30 against 3750 of 5000",
    )


@test_case(name="normal_p_26", points=1, failure_message=HINT)
def check_normal_26(normal_p_26):
    expect_number(
        "normal_p_26",
        normal_p_26,
        RIGHT["normal_p_26"],
        what="the normal test's two-sided p-value for 26 of 30 against 3750 of 5000",
    )
