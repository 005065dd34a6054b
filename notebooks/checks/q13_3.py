"""Notebook 13, exercise 3 (the clustered McNemar test by hand): McNemar's, Yang's, Durkalski's χ².

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import numpy as np
from otter.test_files import test_case

from evalkit.clustered import mcnemar as clustered_mcnemar
from evalkit.exercises import expect_number
from evalkit.paired import mcnemar

OK_FORMAT = False
name = "q13_3"
points = 3

PER_WRITER = [(6, 0), (0, 5), (7, 1)]  # the exercise's discordant counts (b_i, c_i) per writer
_A = np.concatenate([[1] * b_i + [0] * c_i for b_i, c_i in PER_WRITER])  # A right, B wrong: b
_WRITER = np.concatenate([[i] * (b_i + c_i) for i, (b_i, c_i) in enumerate(PER_WRITER)])
RIGHT = {
    "mcnemar_chi2": mcnemar(int(_A.sum()), int((1 - _A).sum()), "asymptotic").statistic,
    "yang_chi2": clustered_mcnemar(_A, 1 - _A, _WRITER).statistic,
    "durkalski_chi2": clustered_mcnemar(_A, 1 - _A, _WRITER, method="durkalski").statistic,
}
# By hand the statistics are rounded: a tolerance of 0.006 accepts each to two decimals.
TOLERANCE = 0.006
HINT = (
    "Reread section 3, 'Two classifiers on the same writers: the clustered McNemar test', and "
    "the Deeper part after it: McNemar's χ² divides (b − c)² by b + c, Yang's by Σ d_i², and "
    "Durkalski's works with each writer's d_i/m_i."
)


@test_case(name="mcnemar_chi2", points=1, failure_message=HINT)
def check_mcnemar(mcnemar_chi2):
    expect_number(
        "mcnemar_chi2",
        mcnemar_chi2,
        RIGHT["mcnemar_chi2"],
        what="McNemar's uncorrected χ² on the pooled counts b and c",
        rel=0,
        abs=TOLERANCE,
    )


@test_case(name="yang_chi2", points=1, failure_message=HINT)
def check_yang(yang_chi2):
    expect_number(
        "yang_chi2",
        yang_chi2,
        RIGHT["yang_chi2"],
        what="Yang's clustered X²",
        rel=0,
        abs=TOLERANCE,
    )


@test_case(name="durkalski_chi2", points=1, failure_message=HINT)
def check_durkalski(durkalski_chi2):
    expect_number(
        "durkalski_chi2",
        durkalski_chi2,
        RIGHT["durkalski_chi2"],
        what="Durkalski's clustered X²",
        rel=0,
        abs=TOLERANCE,
    )
