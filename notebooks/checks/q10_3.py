"""Notebook 10, exercise 3 (few discordant items): coverage of the paired Wald and Newcombe CIs.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import numpy as np
from otter.test_files import test_case
from scipy import stats

from evalkit.exercises import expect_number
from evalkit.paired import difference_interval

OK_FORMAT = False
name = "q10_3"
points = 2

ITEMS, ONLY_A, ONLY_B, REPLICATES = 50, 0.08, 0.02, 4000
TRUE_DIFFERENCE = ONLY_A - ONLY_B


def _exact_coverages() -> tuple[float, float]:
    """Exact coverage of both intervals: a sum over the tables (b, c), b + c ≤ 50."""
    only_a, only_b = (a.ravel() for a in np.meshgrid(np.arange(ITEMS + 1), np.arange(ITEMS + 1)))
    keep = only_a + only_b <= ITEMS
    only_a, only_b = only_a[keep], only_b[keep]
    counts = np.stack([ITEMS - only_a - only_b, only_a, only_b], axis=1)
    prob = stats.multinomial.pmf(counts, ITEMS, [1 - ONLY_A - ONLY_B, ONLY_A, ONLY_B])
    likely = prob > 1e-12  # the rest weigh < 1e-8 together
    only_a, only_b, prob = only_a[likely], only_b[likely], prob[likely]
    estimate = (only_a - only_b) / ITEMS
    half = stats.norm.ppf(0.975) * np.sqrt(only_a + only_b - (only_a - only_b) ** 2 / ITEMS) / ITEMS
    wald = np.abs(estimate - TRUE_DIFFERENCE) <= half
    newcombe = [
        difference_interval([[ITEMS - b - c, b], [c, 0]], "newcombe")
        for b, c in zip(only_a, only_b, strict=True)
    ]
    covered = np.array([ci.low <= TRUE_DIFFERENCE <= ci.high for ci in newcombe])
    return float(prob[wald].sum()), float(prob[covered].sum())


WALD, NEWCOMBE = _exact_coverages()
RIGHT = {"wald_coverage": WALD, "newcombe_coverage": NEWCOMBE}
# The answer is simulated: accept 4 Monte-Carlo standard errors at 4000 test sets, so that every
# seed passes (about 0.018 for Wald, 0.010 for Newcombe).
TOLERANCE = {key: 4 * np.sqrt(p * (1 - p) / REPLICATES) for key, p in RIGHT.items()}
HINT = (
    "Reread section 3.3, 'The difference of the accuracies, with a paired interval', and "
    "'Deeper: Newcombe's paired interval': count the test sets whose interval contains 0.06 and "
    "divide by their number."
)


@test_case(name="wald_coverage", points=1, failure_message=HINT)
def check_wald(wald_coverage):
    expect_number(
        "wald_coverage",
        wald_coverage,
        RIGHT["wald_coverage"],
        what="the simulated coverage of the paired Wald interval (a fraction)",
        rel=0,
        abs=TOLERANCE["wald_coverage"],
    )


@test_case(name="newcombe_coverage", points=1, failure_message=HINT)
def check_newcombe(newcombe_coverage):
    expect_number(
        "newcombe_coverage",
        newcombe_coverage,
        RIGHT["newcombe_coverage"],
        what="the simulated coverage of Newcombe's interval (a fraction)",
        rel=0,
        abs=TOLERANCE["newcombe_coverage"],
    )
