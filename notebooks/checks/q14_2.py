"""Notebook 14, exercise 2 (500 positives): the baseline, the AP, and what sets its width.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.

The student's AP comes from one simulated test set (section 3's model: negatives score N(0, 1),
positives N(2.5, 1)), with any seed, so it is compared with the mean AP of such test sets within
four of their standard deviations. Both are measured here from 400 seeded test sets, drawn the
quick way: given the positives' scores, the numbers of negatives between consecutive positives
are multinomial, and AP = (1/P) Σ_k k/(k + FP_k) with FP_k the negatives above the k-th positive
(scikit-learn's and evalkit's definition, for scores without ties). Here: mean 0.4755 ± 0.0012,
SD 0.0233. A one-off comparison with ``evalkit.roc.average_precision`` on 300 test sets drawn item
by item (as ``simulated_test_set`` does) gave mean 0.4758 ± 0.0013 and SD 0.0228.
"""

import numpy as np
from otter.test_files import test_case
from scipy import special

from evalkit.exercises import expect_choice, expect_number

OK_FORMAT = False
name = "q14_2"
points = 3

NEGATIVES, POSITIVES, SHIFT = 49_950, 500, 2.5  # the exercise's test set and section 3's scores
REPS = 400  # simulated test sets: the mean's SE is SD/20


def _average_precisions(seed=1402):
    """AP of REPS simulated test sets of NEGATIVES + POSITIVES items."""
    gen = np.random.default_rng(seed)
    positives = -np.sort(-gen.normal(SHIFT, 1.0, (REPS, POSITIVES)), axis=1)  # highest first
    above = special.ndtr(-positives)  # P(a negative scores above each positive)
    between = np.diff(above, axis=1, prepend=0.0, append=1.0)  # … between consecutive ones
    false_positives = np.cumsum(gen.multinomial(NEGATIVES, between)[:, :POSITIVES], axis=1)
    rank = np.arange(1, POSITIVES + 1)
    return np.mean(rank / (rank + false_positives), axis=1)


_AP = _average_precisions()
RIGHT = {
    "baseline_500": POSITIVES / (NEGATIVES + POSITIVES),  # the positive rate
    "ap_500": float(np.mean(_AP)),
    "width_set_by": "positives",
}
# Four standard deviations of one test set's AP (and of the mean's error): about 0.093; a seed
# of the student's fails with probability below 1e-4.
AP_TOLERANCE = 4 * float(np.std(_AP, ddof=1)) * np.sqrt(1 + 1 / REPS)
WIDTH_OPTIONS = ["positives", "negatives", "items"]
WRONG = {
    "ap_500": 0.17,  # the AP with section 3's 50 positives: the test set left unchanged
    "width_set_by": "items",
}
HINT = (
    "Reread section 3, 'Precision–recall vs ROC under class imbalance': the baseline is the "
    "positive rate, the AP is that of simulated_test_set(49_950, 500), and compare the width of "
    "its interval with the one for 50 positives."
)


@test_case(name="baseline_500", points=1, failure_message=HINT)
def check_baseline(baseline_500):
    expect_number(
        "baseline_500",
        baseline_500,
        RIGHT["baseline_500"],
        what="the no-skill baseline of the test set with 500 positives",
    )


@test_case(name="ap_500", points=1, failure_message=HINT)
def check_ap(ap_500):
    expect_number(
        "ap_500",
        ap_500,
        RIGHT["ap_500"],
        what="the average precision of a simulated test set with 500 positives",
        rel=0,
        abs=AP_TOLERANCE,
    )


@test_case(name="width_set_by", points=1, failure_message=HINT)
def check_width(width_set_by):
    expect_choice(
        "width_set_by",
        width_set_by,
        RIGHT["width_set_by"],
        options=WIDTH_OPTIONS,
        what="the number that sets the width of the AP interval",
    )
