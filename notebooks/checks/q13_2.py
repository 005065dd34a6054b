"""Notebook 13, exercise 2 (few writers): the coverage of the three intervals for 8 writers × 25.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.

The student measures each coverage from 300 simulated test sets, with any seed, so it is compared
with the true coverage within four Monte-Carlo standard errors. The true coverages, in the model
of the notebook's ``writer_test_set`` (writer accuracies ~ Beta with mean 0.9 and ICC 0.1, 25
characters each): Clopper–Pearson's exactly, from the beta-binomial distribution of the number
right; the ratio and Wilson-effective intervals from 10 000 seeded test sets, with evalkit's own
vectorized limits (the code ``accuracy_interval`` calls; benchmarks/precompute_clustered.py does
the same).
"""

import numpy as np
from otter.test_files import test_case
from scipy import stats

from evalkit import clustered
from evalkit.exercises import expect_number
from evalkit.intervals import clopper_pearson

OK_FORMAT = False
name = "q13_2"
points = 3

WRITERS, ITEMS, ACCURACY, ICC = 8, 25, 0.9, 0.1  # the exercise's setting
STUDENT_REPS, REPS = 300, 10_000  # test sets: the exercise's, and this file's simulation
_SCALE = (1 - ICC) / ICC  # α + β, since ICC = 1/(α + β + 1)
_ALPHA, _BETA = ACCURACY * _SCALE, (1 - ACCURACY) * _SCALE


def _clopper_pearson_coverage():
    """Exact: P(the interval from the total right contains 0.9), total ~ sum of 8 beta-binomials."""
    one = stats.betabinom.pmf(np.arange(ITEMS + 1), ITEMS, _ALPHA, _BETA)
    total = np.ones(1)
    for _ in range(WRITERS):
        total = np.convolve(total, one)
    covers = clopper_pearson(np.arange(WRITERS * ITEMS + 1), WRITERS * ITEMS).contains(ACCURACY)
    return float(np.sum(total[covers]))


def _simulated_coverage(seed=1302):
    """Coverage of the ratio and Wilson-effective intervals, with accuracy_interval's quantiles."""
    gen = np.random.default_rng(seed)
    rates = gen.beta(_ALPHA, _BETA, (REPS, WRITERS))
    successes = gen.binomial(ITEMS, rates).astype(float)
    sizes = np.full((1, WRITERS), float(ITEMS))
    found = {}
    for method, bounds, quantile in (
        ("ratio", clustered._ratio_bounds, "t"),
        ("wilson", clustered._wilson_effective_bounds, clustered.WILSON_REFERENCE),
    ):
        low, high = bounds(successes, sizes, 0.95, quantile)
        found[method] = float(np.mean((low <= ACCURACY) & (ACCURACY <= high)))
    return found


_SIMULATED = _simulated_coverage()
RIGHT = {
    "cp_coverage": _clopper_pearson_coverage(),
    "ratio_coverage": _SIMULATED["ratio"],
    "wilson_coverage": _SIMULATED["wilson"],
}


def _tolerance(value, reps=REPS):
    """Four standard errors of the difference: the student's 300 test sets and this file's."""
    return 4 * np.sqrt(value * (1 - value) * (1 / STUDENT_REPS + 1 / reps))


# About 0.100 (Clopper–Pearson, coverage 0.75), 0.071 (ratio, 0.90) and 0.054 (Wilson-effective,
# 0.94): a seed of the student's fails with probability below 1e-4 per number.
TOLERANCE = {
    "cp_coverage": _tolerance(RIGHT["cp_coverage"], reps=np.inf),  # exact: no error of its own
    "ratio_coverage": _tolerance(RIGHT["ratio_coverage"]),
    "wilson_coverage": _tolerance(RIGHT["wilson_coverage"]),
}
HINT = (
    "Reread section 2, 'Clopper–Pearson's coverage as writers write more': run coverage() for "
    "8 writers × 25 characters, accuracy 0.9, ICC 0.1 and 300 test sets, and store each "
    "interval's coverage (a fraction between 0 and 1)."
)


@test_case(name="cp_coverage", points=1, failure_message=HINT)
def check_cp(cp_coverage):
    expect_number(
        "cp_coverage",
        cp_coverage,
        RIGHT["cp_coverage"],
        what="Clopper–Pearson's coverage in 300 test sets of 8 writers × 25 characters",
        rel=0,
        abs=TOLERANCE["cp_coverage"],
    )


@test_case(name="ratio_coverage", points=1, failure_message=HINT)
def check_ratio(ratio_coverage):
    expect_number(
        "ratio_coverage",
        ratio_coverage,
        RIGHT["ratio_coverage"],
        what="the ratio interval's coverage in 300 test sets of 8 writers × 25 characters",
        rel=0,
        abs=TOLERANCE["ratio_coverage"],
    )


@test_case(name="wilson_coverage", points=1, failure_message=HINT)
def check_wilson(wilson_coverage):
    expect_number(
        "wilson_coverage",
        wilson_coverage,
        RIGHT["wilson_coverage"],
        what="Wilson-effective's coverage in 300 test sets of 8 writers × 25 characters",
        rel=0,
        abs=TOLERANCE["wilson_coverage"],
    )
