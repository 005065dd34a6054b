"""Notebook 15, exercise 2 (plan the comparison): items for one shared test set and for two.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_integer
from evalkit.planning import trials_independent, trials_paired

OK_FORMAT = False
name = "q15_2"
points = 2

RATE, DISCORDANCE, MARGIN = 0.93, 0.05, 0.03
RIGHT = {
    # equal accuracies: half of the discordant items right only by A, half only by B
    "k_shared": trials_paired(DISCORDANCE / 2, DISCORDANCE / 2, level=0.025, margin=MARGIN).trials,
    "k_two_sets": 2 * trials_independent(RATE, RATE, level=0.025, margin=MARGIN).trials,
}
HINT = (
    "Reread section 6, 'One shared test set or two: what pairing saves': trials_paired takes the "
    "shares of items only A and only B get right (here half of the 5 % each), "
    "trials_independent the two accuracies; both with level=0.025 and margin=0.03, and "
    "trials_independent's answer is the size of each of the two sets."
)


@test_case(name="k_shared", points=1, failure_message=HINT)
def check_shared(k_shared):
    expect_integer(
        "k_shared",
        k_shared,
        RIGHT["k_shared"],
        what="the items of one shared test set (80 % power, margin 3 points, one-sided 2.5 %)",
    )


@test_case(name="k_two_sets", points=1, failure_message=HINT)
def check_two_sets(k_two_sets):
    expect_integer(
        "k_two_sets",
        k_two_sets,
        RIGHT["k_two_sets"],
        what="the items of two independent test sets of equal size, both counted",
    )
