"""Notebook 11, exercise 3 (unequal test sets): K_A beside B's 400 items, and two equal sets.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_integer
from evalkit.planning import fleiss_trials, power_independent

OK_FORMAT = False
name = "q11_3"
points = 2

RATE_A, RATE_B, K_B, POWER = 0.90, 0.80, 400, 0.8


def _smallest(power, start: int) -> int:
    """The smallest K at which ``power(K)`` reaches POWER, walking from a normal-formula start.

    (trials_independent scans every K and takes a second; from Fleiss' start a few exact power
    computations suffice. The notebook's solution scans; its check cell compares.)
    """
    k = start
    while power(k) < POWER:
        k += 1
    while power(k - 1) >= POWER:
        k -= 1
    return k


def _fleiss_beside_b() -> int:
    """Fleiss' size of A (no correction) when B's size is fixed at K_B: a fixed point in K_A."""
    k_a = int(fleiss_trials(RATE_A, RATE_B, correction=False))
    for _ in range(10):
        k_a = int(fleiss_trials(RATE_A, RATE_B, ratio=K_B / k_a, correction=False))
    return k_a


def _k_a() -> int:
    return _smallest(
        lambda k: power_independent(k, K_B, RATE_A, RATE_B, test="chi2"), _fleiss_beside_b()
    )


def _equal_total() -> int:
    start = int(fleiss_trials(RATE_A, RATE_B, correction=False))
    return 2 * _smallest(lambda k: power_independent(k, k, RATE_A, RATE_B, test="chi2"), start)


RIGHT = {"k_a_needed": _k_a(), "equal_total": _equal_total()}
HINT = (
    "Reread section 4, 'Two independent test sets, and why pairing saves items', and 'Deeper: the "
    "saw-tooth of exact power': K_A is the smallest size of A's set whose χ² power beside B's 400 "
    "items reaches 0.80; the equal plan's total counts both sets."
)


@test_case(name="k_a_needed", points=1, failure_message=HINT)
def check_k_a(k_a_needed):
    expect_integer(
        "k_a_needed",
        k_a_needed,
        RIGHT["k_a_needed"],
        what="the smallest K_A with χ² power ≥ 0.80 beside B's 400 items",
    )


@test_case(name="equal_total", points=1, failure_message=HINT)
def check_equal(equal_total):
    expect_integer(
        "equal_total",
        equal_total,
        RIGHT["equal_total"],
        what="the total number of items of two equal test sets (χ², 80 % power)",
    )
