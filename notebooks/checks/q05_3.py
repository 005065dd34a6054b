"""Notebook 05, exercise 3 (Tan's example with k = 5 folds): coefficient, interval, smallest d̄.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case
from scipy import stats

from evalkit.exercises import expect_interval, expect_number

OK_FORMAT = False
name = "q05_3"
points = 3

_FOLDS, _MEAN, _SE = 5, 0.05, 0.002
_T = stats.t.ppf(0.975, _FOLDS - 1)
RIGHT = {
    "coefficient_k5": _T,
    "interval_k5": (_MEAN - _T * _SE, _MEAN + _T * _SE),
    "min_dbar": _T * _SE,
}
# table 4.6 prints the coefficient to 3 significant digits (2.78 against t = 2.7764): a relative
# tolerance of 0.5 % accepts the table's value and scipy's, but not a neighbouring entry (2.57 at
# 5 df, 3.18 at 3 df) or the one-sided column (2.13). The limits and the half-width get an absolute
# tolerance of 5e-5: they may be computed with 2.78 or rounded to 4 decimals as printed (0.0056),
# while the one-sided coefficient or 5 degrees of freedom move them by 2e-4 or more
_REL = 0.005
_ABS = 5e-5
HINT = (
    "Reread section 4, 'Comparing two learners with k-fold CV: the paired t-test (Tan, eq. "
    "4.16–4.17)': a two-sided 95 % interval takes the 0.975 column of table 4.6 at k − 1 degrees "
    "of freedom, and d̄ ± t·σ̂ excludes 0 as long as d̄ is larger than the half-width."
)


@test_case(name="coefficient_k5", points=1, failure_message=HINT)
def check_coefficient(coefficient_k5):
    expect_number(
        "coefficient_k5",
        coefficient_k5,
        RIGHT["coefficient_k5"],
        what="the t coefficient for a two-sided 95 % interval with k = 5 folds",
        rel=_REL,
    )


@test_case(name="interval_k5", points=1, failure_message=HINT)
def check_interval(interval_k5):
    expect_interval(
        "interval_k5",
        interval_k5,
        RIGHT["interval_k5"],
        what="the two-sided 95 % interval for the difference with k = 5 folds",
        rel=0,
        abs=_ABS,
    )


@test_case(name="min_dbar", points=1, failure_message=HINT)
def check_smallest(min_dbar):
    expect_number(
        "min_dbar",
        min_dbar,
        RIGHT["min_dbar"],
        what="the smallest d̄ whose interval still excludes 0",
        rel=0,
        abs=_ABS,
    )
