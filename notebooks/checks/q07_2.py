"""Notebook 07, exercise 2 (how lucky was the validation split?): ten seeded 2/3–1/3 splits.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_interval

OK_FORMAT = False
name = "q07_2"
points = 2

# The answer is one particular draw: the statement fixes the splits' seed
# (np.random.default_rng(2007), one permutation of the 1000 points per split), the 15 candidate
# sizes and the tie rule (np.argmin). Recomputing it here would grow 160 trees (about 1.5 s, over
# a check's budget), so these are the numbers that procedure gives, the solution's own output; the
# check cell after the solution compares them with a fresh computation on every run of the
# notebook (make notebooks, nbval), so they cannot drift from it unnoticed.
_TEST_POINTS = 10_000  # section 2's test set: 5000 points per class
RIGHT = {
    "leaves_range": (5, 59),  # fewest and most leaves chosen over the 10 splits
    "test_error_range": (1544 / _TEST_POINTS, 2020 / _TEST_POINTS),  # errors / test points
}
HINT = (
    "Reread section 7, 'Reduced-error pruning: choosing the size on a validation set': for each "
    "split grow on its first n_grow points, pick the size with the fewest validation errors, "
    "regrow that size on all 1000 points and count its test errors; use the seed and the sizes "
    "the exercise gives."
)


@test_case(name="leaves_range", points=1, failure_message=HINT)
def check_leaves(leaves_range):
    expect_interval(
        "leaves_range",
        leaves_range,
        RIGHT["leaves_range"],
        what="the fewest and the most leaves chosen over the 10 splits",
    )


@test_case(name="test_error_range", points=1, failure_message=HINT)
def check_test_errors(test_error_range):
    expect_interval(
        "test_error_range",
        test_error_range,
        RIGHT["test_error_range"],
        what="the lowest and the highest test error rate over the 10 splits",
    )
