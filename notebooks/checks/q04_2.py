"""Notebook 04, exercise 2 (Günter's Z² against McNemar's χ²): a p-value and where they meet.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_integer, expect_number
from evalkit.paired import mcnemar, paired_test

OK_FORMAT = False
name = "q04_2"
points = 2

_B, _C = 10, 0
_SIZES = [10, 20, 50, 100, 1000, 10**5]


def _guenter_p(size):
    concordant = (size - _B - _C) / size  # all concordant items "both right"
    return paired_test(
        _B / size + concordant, _C / size + concordant, concordant, size, alternative="greater"
    ).pvalue


def _first_close_size():
    chi_one_sided = mcnemar(_B, _C, "asymptotic").pvalue / 2
    close = [abs(_guenter_p(n) / chi_one_sided - 1) <= 0.10 for n in _SIZES]
    # the smallest K of the list from which on every K is within 10 %
    return next(n for i, n in enumerate(_SIZES) if all(close[i:]))


RIGHT = {
    "guenter_p_100": _guenter_p(100),
    "k_within_10pct": _first_close_size(),
}
HINT = (
    "Reread section 5, 'McNemar's test, and how it relates to Günter's paired test', and the "
    "Deeper section 'McNemar's test against Günter's paired test, table by table': Günter's "
    "one-sided P_n with b = 10, c = 0 and all concordant items 'both right', against half the "
    "two-sided uncorrected χ² p-value."
)


@test_case(name="guenter_p_100", points=1, failure_message=HINT)
def check_p(guenter_p_100):
    expect_number(
        "guenter_p_100",
        guenter_p_100,
        RIGHT["guenter_p_100"],
        what="Günter's one-sided P_n for b = 10, c = 0 at K = 100",
    )


@test_case(name="k_within_10pct", points=1, failure_message=HINT)
def check_size(k_within_10pct):
    expect_integer(
        "k_within_10pct",
        k_within_10pct,
        RIGHT["k_within_10pct"],
        what="the smallest K of the list from which on the two p-values are within 10 %",
    )
