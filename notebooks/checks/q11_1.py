"""Notebook 11, exercise 1 (precision near 1): items for a half-width of 1 point at 98 % accuracy.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_number
from evalkit.intervals import trials_for_halfwidth

OK_FORMAT = False
name = "q11_1"
points = 2

RIGHT = {
    "k_cp_98": trials_for_halfwidth(0.01, 0.98, method="clopper-pearson"),
    "k_wald_98": trials_for_halfwidth(0.01, 0.98, method="wald"),
}
HINT = (
    "Reread section 2, 'Precision of one accuracy (Wolff §3)': the half-width is half the "
    "interval's width at the expected accuracy 0.98, and K is the smallest size that reaches it."
)


@test_case(name="k_cp_98", points=1, failure_message=HINT)
def check_exact(k_cp_98):
    # 1 %: trials_for_halfwidth computes the interval at n = 0.98·K; a scan with clopper_pearson
    # at the rounded count n = round(0.98·K) first reaches the half-width 5 items earlier
    expect_number(
        "k_cp_98",
        k_cp_98,
        RIGHT["k_cp_98"],
        what="the number of items for a Clopper–Pearson half-width of 0.01",
        rel=0.01,
    )


@test_case(name="k_wald_98", points=1, failure_message=HINT)
def check_wald(k_wald_98):
    # 1 %: z²·x(1 − x)/h² rounded up, or not, with z = 1.96 or its exact value
    expect_number(
        "k_wald_98",
        k_wald_98,
        RIGHT["k_wald_98"],
        what="the number of items the Wald formula gives for a half-width of 0.01",
        rel=0.01,
    )
