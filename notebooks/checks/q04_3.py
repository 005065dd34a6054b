"""Notebook 04, exercise 3 (the printed eq. 7): the smallest significant number of wins.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from math import comb

from otter.test_files import test_case

from evalkit.exercises import expect_integers
from evalkit.paired import sign_test

OK_FORMAT = False
name = "q04_3"
points = 2

_RUNS = (10, 20, 50)


def _p_printed(wins, runs):
    # eq. 7 as printed in Günter's report, with (1/2)^i instead of (1/2)^n
    return sum(comb(runs, i) * 0.5**i for i in range(wins, runs + 1))


def _smallest(pvalue, runs):
    return min(k for k in range(runs + 1) if pvalue(k, runs) <= 0.05)


RIGHT = {
    "wins_corrected": tuple(
        _smallest(lambda k, n: sign_test(k, n, alternative="greater").pvalue, n) for n in _RUNS
    ),
    "wins_printed": tuple(_smallest(_p_printed, n) for n in _RUNS),
}
HINT = (
    "Reread section 6, 'Repeated experiments: the sign test (§2.2)': the corrected P_n (eq. 7′) "
    "sums C(N, i)·(1/2)^N from i = S to N, the printed eq. 7 C(N, i)·(1/2)^i; the smallest S is "
    "the first whose P_n is at most 0.05."
)


@test_case(name="wins_corrected", points=1, failure_message=HINT)
def check_corrected(wins_corrected):
    expect_integers(
        "wins_corrected",
        wins_corrected,
        RIGHT["wins_corrected"],
        what="the smallest significant S of the corrected sign test for N = 10, 20, 50",
    )


@test_case(name="wins_printed", points=1, failure_message=HINT)
def check_printed(wins_printed):
    expect_integers(
        "wins_printed",
        wins_printed,
        RIGHT["wins_printed"],
        what="the smallest significant S of eq. 7 as printed for N = 10, 20, 50",
    )
