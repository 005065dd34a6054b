"""Notebook 08, exercise 4 (dependent runs): how often the sign test over 10 resamples rejects.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import math

import numpy as np
from otter.test_files import test_case

from evalkit.exercises import expect_number
from evalkit.paired import sign_test

OK_FORMAT = False
name = "q08_4"
points = 1

STATED_REPS = 400  # the simulations the exercise asks for
REFERENCE_REPS = 2000  # this file's own seeded simulation (about 0.2 s)


def _rejection_rate(reps, seed):
    # The exercise's simulation, vectorized: two 80 % classifiers with independent errors on the
    # same 200 items, 10 resamples of those items, a two-sided sign test at 5 % over the 10 runs.
    reject = np.zeros((11, 11), dtype=bool)  # reject[wins, trials]
    for trials in range(1, 11):
        for wins in range(trials + 1):
            reject[wins, trials] = sign_test(wins, trials, "two-sided").pvalue <= 0.05
    gen = np.random.default_rng(seed)
    a_minus_b = (gen.random((reps, 200)) < 0.8).astype(np.int8) - (gen.random((reps, 200)) < 0.8)
    idx = gen.integers(0, 200, size=(reps, 10, 200), dtype=np.int16)
    margin = np.take_along_axis(a_minus_b[:, None, :], idx, axis=2).sum(axis=2, dtype=np.int32)
    wins, losses = (margin > 0).sum(axis=1), (margin < 0).sum(axis=1)
    return float(reject[wins, wins + losses].mean())


_RATE = _rejection_rate(REFERENCE_REPS, 46)
# Any seed must pass: 4 Monte-Carlo standard errors of the difference between a 400-run answer
# and this 2000-run reference, 4·sqrt(r(1 − r)(1/400 + 1/2000)) ≈ 0.107 at r ≈ 0.39 (a 100 000-run
# simulation gave r = 0.387). The nominal 5 % is far outside.
TOLERANCE = 4 * math.sqrt(_RATE * (1 - _RATE) * (1 / STATED_REPS + 1 / REFERENCE_REPS))
RIGHT = {"rejection_rate": _RATE}
WRONG = {"rejection_rate": 0.05}  # the level the test would keep with independent runs
HINT = (
    "Reread section 2, 'The sign test across data sets', and its paragraph 'Günter's caveat: the "
    "runs must be independent': simulate 400 times two 80 % classifiers on the same 200 items, "
    "10 resamples of those items each, and store the share of rejections at 5 % (a fraction)."
)


@test_case(name="rejection_rate", points=1, failure_message=HINT)
def check_rate(rejection_rate):
    expect_number(
        "rejection_rate",
        rejection_rate,
        RIGHT["rejection_rate"],
        what="the simulated rejection rate of the sign test over dependent runs",
        rel=0,
        abs=TOLERANCE,
    )
