"""Notebook 01, exercise 3: where float factorials and the naive eq. 13 overflow.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import math

from otter.test_files import test_case

from evalkit.exercises import expect_integer


def _works(compute, value):
    try:
        compute(value)
    except OverflowError:
        return False
    return True


def _naive_binomial_pmf(n, K, x):
    # eq. 13 as notebook 01's section 4 writes it: exact integer factorials, then a float
    return (
        math.factorial(K) / (math.factorial(n) * math.factorial(K - n)) * x**n * (1 - x) ** (K - n)
    )


def _last(values, compute):
    # the last value before the first one for which compute(value) overflows
    last = None
    for value in values:
        if not _works(compute, value):
            return last
        last = value
    raise ValueError("no overflow in the range searched")


OK_FORMAT = False
name = "q01_3"
points = 2

RIGHT = {
    "largest_factorial": _last(range(1, 400), lambda K: float(math.factorial(K))),
    "largest_naive": _last(range(2, 2000, 2), lambda K: _naive_binomial_pmf(K // 2, K, 0.5)),
}
HINT = (
    "Reread section 4, 'Why the factorials overflow, and how logarithms fix it': raise K one "
    "step at a time (even K for the pmf) until the computation raises OverflowError, and give "
    "the last K that worked."
)


@test_case(name="largest_factorial", points=1, failure_message=HINT)
def check_factorial(largest_factorial):
    expect_integer(
        "largest_factorial",
        largest_factorial,
        RIGHT["largest_factorial"],
        what="the largest K for which float(math.factorial(K)) works",
    )


@test_case(name="largest_naive", points=1, failure_message=HINT)
def check_naive(largest_naive):
    expect_integer(
        "largest_naive",
        largest_naive,
        RIGHT["largest_naive"],
        what="the largest even K for which the naive eq. 13 computes P_Bino(K/2; 0.5, K)",
    )
