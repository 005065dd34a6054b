"""Notebook 11, exercise 2 (Günter's plan, cautiously): items for McNemar's mid-p test, p₂ = 0.02.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_integer
from evalkit.planning import trials_paired

OK_FORMAT = False
name = "q11_2"
points = 1

RIGHT = {"k_paired": trials_paired(0.12, 0.02, test="mid-p").trials}
HINT = (
    "Reread section 3, 'Two classifiers on the same items: exact power of McNemar's test': "
    "trials_paired takes the two discordance rates, the share of items that only A gets right "
    "and the share that only B gets right; here the second is 0.02 and their difference stays "
    "δ = 0.10."
)


@test_case(name="k_paired", points=1, failure_message=HINT)
def check_trials(k_paired):
    expect_integer(
        "k_paired",
        k_paired,
        RIGHT["k_paired"],
        what="the number of items McNemar's mid-p test needs (80 % power, α = 0.05)",
    )
