"""Notebook 03, exercise 2: the smallest K at which 94 % against 80 % is significant, Fisher and χ².

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_integer
from evalkit.independent import chi_square_2x2, fisher_exact


def _table(k):
    # n_A = round(0.94 K), n_B = round(0.8 K), as the exercise says
    correct_a, correct_b = round(0.94 * k), round(0.8 * k)
    return [[correct_a, correct_b], [k - correct_a, k - correct_b]]


def _smallest(test):
    return next(k for k in range(20, 101) if test(_table(k)).pvalue < 0.05)


OK_FORMAT = False
name = "q03_2"
points = 2

RIGHT = {
    "fisher_k": _smallest(fisher_exact),
    "chi2_k": _smallest(chi_square_2x2),  # the plain χ² test: no Yates correction
}
HINT = (
    "Reread section 4, 'Fisher's exact test', and section 5, 'The χ² approximation, with and "
    "without Yates' correction' (plain means without it): try every K from 20 upwards and take "
    "the first whose two-sided p-value is below 0.05."
)


@test_case(name="fisher_k", points=1, failure_message=HINT)
def check_fisher(fisher_k):
    expect_integer(
        "fisher_k",
        fisher_k,
        RIGHT["fisher_k"],
        what="the smallest K with Fisher's two-sided p below 0.05",
    )


@test_case(name="chi2_k", points=1, failure_message=HINT)
def check_chi2(chi2_k):
    expect_integer(
        "chi2_k",
        chi2_k,
        RIGHT["chi2_k"],
        what="the smallest K with the plain χ² p-value below 0.05",
    )
