"""Notebook 09, exercise 1 (Monte-Carlo error): how many resamples for limits to two decimals.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_at_least

OK_FORMAT = False
name = "q09_1"
points = 1

# The spreads the exercise asks for are ranges of 5 random runs: their 4-standard-error window
# (2.33 ± 4 × 0.86 standard deviations of a limit) reaches from 0 to 5.8 standard deviations, so
# any seed's spreads are "right" and only the conclusion is checked. At B = 200 the BCa lower
# limit of section 3's F1 moves by about 0.021 over 5 runs (the solution's output): a Monte-Carlo
# standard deviation of about 0.021 / 2.33 = 0.009, shrinking like 1 / sqrt(B). At B = 500 it is
# still 0.0057 (±2 standard deviations span more than one unit of the second decimal), at
# B = 1000 it is 0.004; so any B of at least 1000 is accepted. The solution's own choice is RIGHT.
FEWEST_ROUNDS = 1000
RIGHT = {"rounds_needed": 5000}
WRONG = {"rounds_needed": 200}  # the small B whose limits visibly move at two decimals
HINT = (
    "Reread section 2, 'Better endpoints: BCa', where a bootstrap limit's own Monte-Carlo error is "
    "shown (mc_standard_error): compare how far the limits move between runs with a unit of the "
    "second decimal (0.01); that error shrinks like 1/sqrt(B)."
)


@test_case(name="rounds_needed", points=1, failure_message=HINT)
def check_rounds(rounds_needed):
    expect_at_least(
        "rounds_needed",
        rounds_needed,
        FEWEST_ROUNDS,
        what="the number of resamples B that keeps the limits stable at two decimals",
    )
