"""Notebook 06, exercise 4 (how many test points): the size for ±10 % at an error rate of 2 %.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import math

from otter.test_files import test_case
from scipy import stats

from evalkit.exercises import expect_number

OK_FORMAT = False
name = "q06_4"
points = 1

_P, _RELATIVE = 0.02, 0.10
_Z = stats.norm.ppf(0.975)
RIGHT = {
    # normal approximation: z * sqrt((1 - e) / (K e)) = 0.10
    "n_needed": math.ceil(_Z**2 * (1 - _P) / (_RELATIVE**2 * _P)),
}
# a relative tolerance of 0.5 % accepts z = 1.96 or 1.95996, rounding up or to the nearest, and
# K = 376 errors / e rounded to 18 800; a wrong formula (e.g. 100/e, or the half-width taken as
# ±10 % of the whole interval) is off by far more
_REL = 0.005
HINT = (
    "Reread section 5, 'Counting errors: priors, variance, and how many test points', and the "
    "Deeper section 'Where the 100/e rule comes from': the relative half-width of the normal "
    "interval is 1.96·sqrt((1 − e)/(K e)); set it to 0.10 and solve for K."
)


@test_case(name="n_needed", points=1, failure_message=HINT)
def check_size(n_needed):
    expect_number(
        "n_needed",
        n_needed,
        RIGHT["n_needed"],
        what="the number of test points for ±10 % (relative) at e = 2 % and 95 % confidence",
        rel=_REL,
    )
