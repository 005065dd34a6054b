"""Notebook 04, exercise 1 (two speech recognizers): the p-values of three tests.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_number
from evalkit.paired import mcnemar, paired_test, simple_test

OK_FORMAT = False
name = "q04_1"
points = 3

# the agreement table [[a, b], [c, d]] of the exercise's literal counts
_A, _B, _C = 1810, 1862 - 1810, 1838 - 1810
_K = 2000
RIGHT = {
    "simple_p": simple_test((_A + _B) / _K, (_A + _C) / _K, _K, alternative="greater").pvalue,
    "paired_p": paired_test(
        (_A + _B) / _K, (_A + _C) / _K, _A / _K, _K, alternative="greater"
    ).pvalue,
    # McNemar's mid-p test, two-sided: the test section 5c advises to report
    "mcnemar_p": mcnemar(_B, _C).pvalue,
}
# a relative tolerance of 2 % accepts p-values copied as printed (4 decimals: 0.0036 for 0.003566)
# but not a two-sided p-value for Günter's tests (twice as large), nor for McNemar the one-sided
# mid-p (0.0036, half) or the exact test (0.0097) instead of the two-sided mid-p test (0.0073)
_REL = 0.02
HINT = (
    "Reread section 1 (the agreement table: b = only A right, c = only B right), sections 2 and 3 "
    '(Günter\'s simple and paired tests, one-sided with alternative="greater"), section 5 '
    "(McNemar's mid-p test, mcnemar(b, c)) and section 5c (report its two-sided p-value)."
)


@test_case(name="simple_p", points=1, failure_message=HINT)
def check_simple(simple_p):
    expect_number(
        "simple_p",
        simple_p,
        RIGHT["simple_p"],
        what="the one-sided p-value of Günter's simple test",
        rel=_REL,
    )


@test_case(name="paired_p", points=1, failure_message=HINT)
def check_paired(paired_p):
    expect_number(
        "paired_p",
        paired_p,
        RIGHT["paired_p"],
        what="the one-sided p-value of Günter's paired test (normal tail)",
        rel=_REL,
    )


@test_case(name="mcnemar_p", points=1, failure_message=HINT)
def check_mcnemar(mcnemar_p):
    expect_number(
        "mcnemar_p",
        mcnemar_p,
        RIGHT["mcnemar_p"],
        what="the two-sided p-value of McNemar's mid-p test",
        rel=_REL,
    )
