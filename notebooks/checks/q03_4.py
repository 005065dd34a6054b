"""Notebook 03, exercise 4: the p-value at which the Sellke–Bayarri–Berger bound reaches 5 %.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case
from scipy import optimize

from evalkit.exercises import expect_number
from evalkit.independent import posterior_null_probability

OK_FORMAT = False
name = "q03_4"
points = 1

RIGHT = {
    # the bound is increasing in p below 1/e; prior P(H0) = 0.5 is the function's default
    "p_needed": optimize.brentq(lambda p: posterior_null_probability(p) - 0.05, 1e-8, 0.3),
}
HINT = (
    "Reread section 8, 'What a p-value is not': solve posterior_null_probability(p) = 0.05 "
    "for p with prior P(H0) = 0.5, e.g. with scipy.optimize.brentq on an interval below 1/e."
)


@test_case(name="p_needed", points=1, failure_message=HINT)
def check_p_needed(p_needed):
    # within 1 %: accepts the p-value rounded to two significant digits
    expect_number(
        "p_needed",
        p_needed,
        RIGHT["p_needed"],
        what="the p-value at which the bound on P(H0 | data) is 5 %",
        rel=0.01,
    )
