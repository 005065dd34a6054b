"""Notebook 11, exercise 2 (Günter's plan, cautiously): items for McNemar's mid-p test, p₂ = 0.02.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_integer
from evalkit.planning import SampleSize, trials_paired

OK_FORMAT = False
name = "q11_2"
points = 1

RIGHT = {"k_paired": trials_paired(0.12, 0.02, test="mid-p").trials}
HINT = (
    "Reread section 3, 'Two classifiers on the same items: exact power of McNemar's test': "
    "trials_paired(p1, p2) takes both discordance rates; keep their difference δ at 0.10."
)


def _expect_trials(name, value, expected, *, what):
    """expect_integer that also takes trials_paired's whole answer (a SampleSize) for its K."""
    expect_integer(
        name, value.trials if isinstance(value, SampleSize) else value, expected, what=what
    )


@test_case(name="k_paired", points=1, failure_message=HINT)
def check_trials(k_paired):
    _expect_trials(
        "k_paired",
        k_paired,
        RIGHT["k_paired"],
        what="the number of items McNemar's mid-p test needs (80 % power, α = 0.05)",
    )
