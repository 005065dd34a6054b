"""Notebook 01, exercise 4: the beta density of the true rate given 40 of 50 (Wolff eq. 28).

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.distributions import beta_moments, beta_quantile
from evalkit.exercises import expect_interval, expect_number

CORRECT, ITEMS = 40, 50
SHAPE = (CORRECT + 1, ITEMS - CORRECT + 1)  # eq. 28: Beta(n + 1, K − n + 1)

OK_FORMAT = False
name = "q01_4"
points = 3

RIGHT = {
    "beta_mean": beta_moments(*SHAPE).mean,
    "beta_mode": beta_moments(*SHAPE).mode,
    "central_range": tuple(float(q) for q in beta_quantile([0.025, 0.975], *SHAPE)),
}
HINT = (
    "Reread section 8, 'One formula, two questions': given n correct of K the true rate has the "
    "density Beta(n + 1, K − n + 1); section 3, 'The beta distribution', gives its mean and mode "
    "(eq. 8–9), and its central 95 % range runs from its 2.5 % to its 97.5 % quantile."
)


@test_case(name="beta_mean", points=1, failure_message=HINT)
def check_mean(beta_mean):
    expect_number(
        "beta_mean",
        beta_mean,
        RIGHT["beta_mean"],
        what="the mean of the beta density of the true rate given 40 of 50",
    )


@test_case(name="beta_mode", points=1, failure_message=HINT)
def check_mode(beta_mode):
    expect_number(
        "beta_mode",
        beta_mode,
        RIGHT["beta_mode"],
        what="the mode of the beta density of the true rate given 40 of 50",
    )


@test_case(name="central_range", points=1, failure_message=HINT)
def check_range(central_range):
    expect_interval(
        "central_range",
        central_range,
        RIGHT["central_range"],
        what="the central 95 % range of the beta density of the true rate given 40 of 50",
    )
