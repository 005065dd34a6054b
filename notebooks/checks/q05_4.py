"""Notebook 05, exercise 4 (fewer subsamples): the corrected variance factor at J = 10 and 30.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_number

OK_FORMAT = False
name = "q05_4"
points = 2

# Nadeau & Bengio (2003), "Inference for the generalization error": the corrected resampled t
# multiplies the variance of the J differences by 1/J + n2/n1; with 2/3–1/3 splits n2/n1 = 1/2.
_TEST_SHARE = 1 / 3
_RATIO = _TEST_SHARE / (1 - _TEST_SHARE)
RIGHT = {
    "factor_j10": 1 / 10 + _RATIO,
    "factor_j30": 1 / 30 + _RATIO,
}
# a relative tolerance of 2 % accepts n2/n1 = 1/2 and the notebook's 100 items split 67/33
# (n2/n1 = 33/67: 0.5925 and 0.5259), but not 1/J alone or n2/n1 left out
_REL = 0.02
HINT = (
    "Reread section 5, 'Fold results are not independent — and what that does to the test', and "
    "the Deeper section 'how the 5×2cv and corrected tests work': the plain resampled t divides "
    "the variance by J, the corrected one multiplies it by 1/J + n₂/n₁ (test items over training "
    "items)."
)


@test_case(name="factor_j10", points=1, failure_message=HINT)
def check_ten(factor_j10):
    expect_number(
        "factor_j10",
        factor_j10,
        RIGHT["factor_j10"],
        what="the corrected variance factor 1/J + n₂/n₁ for J = 10 subsamplings",
        rel=_REL,
    )


@test_case(name="factor_j30", points=1, failure_message=HINT)
def check_thirty(factor_j30):
    expect_number(
        "factor_j30",
        factor_j30,
        RIGHT["factor_j30"],
        what="the corrected variance factor 1/J + n₂/n₁ for J = 30 subsamplings",
        rel=_REL,
    )
